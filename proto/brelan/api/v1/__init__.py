"""Generated from lexicon.proto by scripts/gen_proto.py: do not edit the *_pb2 files by hand."""
