"""The log's schema: each migration, from nothing to :data:`SCHEMA_VERSION`. A store runs those its database lacks
on start (one transaction each) and refuses a database of a newer version (:func:`~.log_store.newer_schema`)."""

from __future__ import annotations

# Each entry takes the schema from the version before it to its own (the first: from nothing to 1).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: the tables' log and tournaments
        """CREATE TABLE IF NOT EXISTS tables (
            table_id TEXT PRIMARY KEY,
            variant TEXT NOT NULL,
            name TEXT NOT NULL,
            options TEXT NOT NULL,            -- JSON {key: text}
            seed TEXT NOT NULL,
            seed_sha256 TEXT NOT NULL,
            decision_seconds DOUBLE PRECISION NOT NULL,
            bot_seats TEXT NOT NULL,          -- JSON [seat, ...]
            created DOUBLE PRECISION NOT NULL,
            started INTEGER NOT NULL DEFAULT 0,
            finished INTEGER NOT NULL DEFAULT 0,
            result TEXT                       -- JSON, once finished
        )""",
        """CREATE TABLE IF NOT EXISTS seats (
            table_id TEXT NOT NULL REFERENCES tables(table_id),
            seat INTEGER NOT NULL,
            token_sha256 TEXT NOT NULL,
            player TEXT NOT NULL,
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE TABLE IF NOT EXISTS actions (
            table_id TEXT NOT NULL REFERENCES tables(table_id),
            n INTEGER NOT NULL,               -- its order: the seq of its last event (unique in a table)
            seat INTEGER,                     -- NULL: the table itself (its clock)
            action TEXT NOT NULL,
            action_id TEXT NOT NULL,
            last_seq INTEGER NOT NULL,
            PRIMARY KEY (table_id, n)
        )""",
        """CREATE TABLE IF NOT EXISTS events (
            table_id TEXT NOT NULL REFERENCES tables(table_id),
            seq INTEGER NOT NULL,
            hand INTEGER NOT NULL,
            actor INTEGER,
            action TEXT NOT NULL,
            text TEXT NOT NULL,               -- the full event; redacted only when sent
            PRIMARY KEY (table_id, seq)
        )""",
        """CREATE TABLE IF NOT EXISTS tournaments (
            tournament_id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            format TEXT NOT NULL,
            players TEXT NOT NULL,            -- JSON [name, ...]
            bots TEXT NOT NULL,               -- JSON [player index, ...]
            options TEXT NOT NULL,            -- JSON {key: text}: every game's table options
            wins INTEGER NOT NULL,
            qualifiers INTEGER NOT NULL,
            decision_seconds DOUBLE PRECISION NOT NULL,
            seed TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS tournament_games (
            tournament_id TEXT NOT NULL REFERENCES tournaments(tournament_id),
            n INTEGER NOT NULL,               -- creation order
            match INTEGER NOT NULL,           -- index into the tournament's matches
            table_id TEXT NOT NULL,
            PRIMARY KEY (tournament_id, n)
        )""",
    ),
    (  # 2: seats kept for their players, deadlines that outlive a restart
        """CREATE TABLE IF NOT EXISTS reserved_seats (      -- a tournament player's seat, or one left mid-game
            table_id TEXT NOT NULL REFERENCES tables(table_id),
            seat INTEGER NOT NULL,
            secret_sha256 TEXT NOT NULL,      -- the secret that takes it (JoinTable's secret)
            player TEXT NOT NULL,
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE TABLE IF NOT EXISTS tournament_secrets (  -- each human player's join secret, as its hash
            tournament_id TEXT NOT NULL REFERENCES tournaments(tournament_id),
            player INTEGER NOT NULL,          -- index into players
            secret_sha256 TEXT NOT NULL,
            PRIMARY KEY (tournament_id, player)
        )""",
        # JSON {seat or "table": when (table clock, absolute)}: the pending decisions' and the game clock's
        "ALTER TABLE tables ADD COLUMN deadlines TEXT NOT NULL DEFAULT '{}'",
    ),
    (  # 3: several nodes: each unfinished table leased to one of them
        """CREATE TABLE IF NOT EXISTS nodes (
            node_id TEXT PRIMARY KEY,
            address TEXT NOT NULL,            -- HOST:PORT other nodes forward calls to (--advertise)
            heartbeat DOUBLE PRECISION NOT NULL,  -- the database's clock, seconds since the epoch
            draining INTEGER NOT NULL DEFAULT 0
        )""",
        "ALTER TABLE tables ADD COLUMN owner TEXT",  # the node playing it; NULL: none yet
        "ALTER TABLE tables ADD COLUMN lease_until DOUBLE PRECISION NOT NULL DEFAULT 0",  # the database's clock
        "ALTER TABLE tables ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0",  # +1 at each new owner: fences old ones
    ),
    (  # 4: tournament players who never come
        # When a table still waiting for players gives up on them (absolute, wall clock); NULL: it waits on.
        "ALTER TABLE tables ADD COLUMN join_by DOUBLE PRECISION",
        "ALTER TABLE tournaments ADD COLUMN join_minutes DOUBLE PRECISION NOT NULL DEFAULT 10",
    ),
    (  # 5: a table whose log does not replay is set aside (why, in one line), and the others are served
        "ALTER TABLE tables ADD COLUMN set_aside TEXT",
        """CREATE TABLE IF NOT EXISTS settings (  -- the cluster's own facts: the secret its nodes relay calls with
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )""",
    ),
    (  # 6: the lobby and the tournaments listed a page at a time, live ones first, by index
        "CREATE INDEX IF NOT EXISTS tables_lobby ON tables (finished, created, table_id)",
        "ALTER TABLE tournaments ADD COLUMN finished INTEGER NOT NULL DEFAULT 0",  # set once its champion is known
        "CREATE INDEX IF NOT EXISTS tournaments_listed ON tournaments (finished, created, tournament_id)",
    ),
    (  # 7: practice tables, whose players may ask for hints (the best words, the solver's set)
        "ALTER TABLE tables ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",
    ),
    (  # 8: a tournament's game tells where it stands in its tournament, for a page to word in its language
        "ALTER TABLE tables ADD COLUMN place TEXT",  # JSON {tournament_id, stage, round, ...}; NULL: no tournament's
    ),
    (  # 9: a pause after each hand, for its players to see its end before the next hand's decisions open
        "ALTER TABLE tables ADD COLUMN pause_seconds DOUBLE PRECISION NOT NULL DEFAULT 0",
        "ALTER TABLE tournaments ADD COLUMN pause_seconds DOUBLE PRECISION NOT NULL DEFAULT 0",  # its games'
        # The caller's id of the CreateTable that made it (NULL: none given): a retry answers this table.
        "ALTER TABLE tables ADD COLUMN create_id TEXT",
        "CREATE UNIQUE INDEX IF NOT EXISTS tables_create_id ON tables (create_id)",  # NULLs are all distinct
    ),
    (  # 10: a player's key (its hash) bound to the seats it takes, so they follow the player, not a token
        "ALTER TABLE seats ADD COLUMN player_sha256 TEXT",
        "CREATE INDEX IF NOT EXISTS seats_player ON seats (player_sha256)",
        # A seat left mid-game by a key's player is kept for that key: its secret's hash is the key's.
        "CREATE INDEX IF NOT EXISTS reserved_seats_secret ON reserved_seats (secret_sha256)",
    ),
    (  # 11: a table's chat, kept with it (its replay shows it), and tables whose spectators chat apart
        """CREATE TABLE IF NOT EXISTS chat (
            table_id TEXT NOT NULL,
            n INTEGER NOT NULL,  -- its lines in order, from 1
            seq INTEGER NOT NULL,  -- the table's seq when it was said
            seat INTEGER,  -- NULL: a spectator
            name TEXT NOT NULL,
            text TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,  -- wall clock
            PRIMARY KEY (table_id, n)
        )""",
        "ALTER TABLE tables ADD COLUMN chat_apart INTEGER NOT NULL DEFAULT 0",
    ),
    (  # 12: the table a finished one's players made to play again
        "ALTER TABLE tables ADD COLUMN rematch TEXT",
    ),
    (  # 13: each bot seat's level, kept so a restart or another node plays it at that level
        "ALTER TABLE tables ADD COLUMN bot_levels TEXT NOT NULL DEFAULT '[]'",  # JSON [level by seat, ...]; "": none
    ),
    (  # 14: a seat's player sitting out, kept so a restart or another node plays its default moves at once still
        "ALTER TABLE seats ADD COLUMN sitting_out INTEGER NOT NULL DEFAULT 0",
    ),
    (  # 15: the level a tournament's bots play at, kept so each game made later (on any node) plays it
        "ALTER TABLE tournaments ADD COLUMN bot_level TEXT NOT NULL DEFAULT ''",  # "": the default level
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
