"""What every game is made of, by the names the engines import: the text and JSON forms of its records
(:mod:`.records`), its options (:mod:`.options`) and the engine contract (:mod:`.contract`)."""

from .contract import (Bot, EngineState, Facts, GameError, Lexicons, Result, Review, Reviewer, State,  # noqa: F401
                       Variant)  # fmt: skip
from .options import (MAX_LIST, MOST_CHIPS, MOST_MINUTES, MOST_ROUNDS, MOST_SECONDS, OptionError, Options,  # noqa: F401
                      OptionSpec, Range, choice, number, option_choices, option_fields, option_ranges, option_specs,
                      option_text, options_dict, parse_options)  # fmt: skip
from .records import (Back, Champions, Hand, Out, Phrase, Record, Seat, TextError, from_jsonable, jsonable,  # noqa: F401
                      parse_record, parse_seat, parser, quoted, record, seat_text)  # fmt: skip
