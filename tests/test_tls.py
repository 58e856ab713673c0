"""TLS: a server started with a certificate answers clients that trust its CA, and nobody in plaintext."""

from __future__ import annotations

import logging
from pathlib import Path

import grpc
import pytest
import trustme

from brelan.clients.cli import main
from brelan.clients.client import BrelanClient, tls
from brelan.server.errors import ServiceError
from brelan.server.main import ServerThread


@pytest.fixture(scope="module")
def ca() -> trustme.CA:
    return trustme.CA()


def test_a_tls_server_answers_clients_that_trust_its_ca_and_only_them(tmp_path: Path, ca: trustme.CA,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    cert = ca.issue_cert("localhost", "127.0.0.1")
    key = cert.private_key_pem.bytes()
    chain = b"".join(blob.bytes() for blob in cert.cert_chain_pems)
    server = ServerThread(tmp_path, lexicons=False, tls=(key, chain))
    ca_file = tmp_path / "ca.pem"
    ca.cert_pem.write_to_path(str(ca_file))
    target = f"localhost:{server.running.port}"
    try:
        with BrelanClient(target, credentials=tls(ca_file)) as api:
            api.wait_ready()
            table_id = api.create_table("poker-champ", {"players": "2"}).table_id
        with BrelanClient(target) as plain, pytest.raises(ServiceError) as refused:
            plain.wait_ready(timeout=2)
        assert refused.value.code == grpc.StatusCode.UNAVAILABLE
        stranger = tmp_path / "other-ca.pem"
        trustme.CA().cert_pem.write_to_path(str(stranger))
        with BrelanClient(target, credentials=tls(stranger)) as fooled, pytest.raises(ServiceError):
            fooled.wait_ready(timeout=2)  # a certificate its CA did not sign is not trusted
        assert main(["table", "list", "--server", target, "--tls-ca", str(ca_file), "--json"]) == 0
        assert table_id in capsys.readouterr().out
        assert main(["table", "list", "--server", target, "--tls-ca", str(tmp_path / "none.pem")]) == 2
        assert "--tls-ca" in capsys.readouterr().err
    finally:
        server.stop()


def test_a_plaintext_server_on_the_network_warns_once(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="brelan.server.main"):
        server = ServerThread(tmp_path, host="0.0.0.0", lexicons=False)
        server.stop()
        local = ServerThread(tmp_path, lexicons=False)
        local.stop()
    warned = [r for r in caplog.records if "without TLS" in r.getMessage()]
    assert len(warned) == 1 and "0.0.0.0" in warned[0].getMessage()
