"""Read and write PHH hand histories: strict, typed and fast.

A ``.phh`` file is one TOML hand; a ``.phhs`` file holds many hands as tables ``[1]``,
``[2]``, ... (see ``PHH.md``). :func:`loads` turns the text into a frozen
:class:`HandHistory` whose ``actions`` are parsed :class:`PHHAction` values; :func:`dumps`
writes it back canonically, and ``loads(dumps(hh)) == hh`` always holds.

>>> hh = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [200, 200, 150.5]
... actions = ["d dh p1 AcKs", "d dh p2 ????", "d dh p3 7h6h", "p3 cbr 6 # open",
...            "p1 f", "p2 cc", "d db Jc3d5c", "p2 cc", "p3 sm -", "p2 sm"]
... ''')
>>> hh.starting_stacks
(200, 200, Decimal('150.5'))
>>> a = hh.actions[0]
>>> a.kind, a.actor, a.target, a.cards
('dh', None, 0, (Ac, Ks))
>>> hh.actions[1].cards, hh.actions[3].amount, hh.actions[3].comment
((None, None), 6, 'open')
>>> hh.actions[8].show_dealt, hh.actions[9].muck
(True, True)
>>> loads(dumps(hh)) == hh
True
>>> loads('variant = "NT"\\nantes = [0, 0]\\nstarting_stacks = [1, 1]\\nactions = ["p3 f"]')
Traceback (most recent call last):
...
pokerroom.errors.NotationError: <phh>: field 'blinds_or_straddles' is required for variant 'NT'

Policy (pokerroom's, stricter than the spec's "should warn"):

* Nothing is repaired. Every problem raises :class:`~pokerroom.errors.NotationError` whose
  message names the source, the field or action, and what is allowed. Stable ``.code`` values:
  ``toml_syntax``, ``missing_field``, ``unknown_field`` (a key that is neither a PHH field nor
  ``_``-prefixed), ``field_not_allowed`` (e.g. ``min_bet`` in a fixed-limit variant),
  ``bad_type``, ``bad_value`` (negative chips, zero stacks, NaN, a day of 32, ...),
  ``length_mismatch``, ``too_few_players``, ``unknown_variant``, ``bad_bulk`` (``.phhs``
  tables not named ``1``, ``2``, ... in order), and for actions ``bad_action``
  (wrong arguments), ``unknown_verb``, ``bad_actor``, ``bad_card``, ``duplicate_card``,
  ``bad_amount``.
* Numbers: integral values (``100`` or ``100.0``) are ``int``; other values are
  ``decimal.Decimal`` exactly as written (``2.50`` stays ``Decimal('2.50')``: a hand with a
  TOML float is re-read through ``tomllib`` with ``parse_float`` so no binary rounding
  happens); ``inf`` (an unknown stack, allowed only in ``starting_stacks`` and
  ``finishing_stacks``) is ``float('inf')``. The same holds for every float in the file,
  user fields included.
* Players are 0-based here: ``p1`` is ``actor == 0``.
* Variants: the 11 PHH codes plus pokerroom extensions ``PT`` (pot-limit Texas hold'em),
  ``NO`` (no-limit Omaha), ``FO`` (fixed-limit Omaha high), ``PO5``/``PO6`` (five- and
  six-card pot-limit Omaha) and ``PO/8`` (pot-limit Omaha
  hi/lo). Button games need ``blinds_or_straddles``; stud games need ``bring_in`` and may not
  have blinds; fixed-limit games need ``small_bet`` and ``big_bet`` and may not have
  ``min_bet``; the others need ``min_bet`` and may not have ``small_bet``/``big_bet``.
* ``ante_trimming_status = true`` is refused when the antes are not all equal (spec).
* Partial unknown cards (``2?``) are refused; ``??`` is an unknown card (``None``).
* ``PHHAction.text`` (the string as written) and ``HandHistory.source`` are provenance and
  take no part in equality.

Speed: parsed action strings and card strings are memoised (bounded dicts, cleared when
full), so an action seen before costs one dict lookup. On the 10,000 Pluribus hands this
reads at about 20-25 us a hand (TOML parsing by ``rtoml`` is about 10 us of it).
"""

from pokerroom.notation.phh.files import iter_path_names, iter_paths, load, load_all
from pokerroom.notation.phh.history import (
    EXTENSION_VARIANTS,
    OPTIONAL_FIELDS,
    VARIANTS,
    ActionKind,
    HandHistory,
    Number,
    PHHAction,
    format_action,
    loads,
    loads_all,
    parse_action,
)
from pokerroom.notation.phh.writer import dumps, dumps_all

__all__ = [
    "EXTENSION_VARIANTS",
    "OPTIONAL_FIELDS",
    "VARIANTS",
    "ActionKind",
    "HandHistory",
    "Number",
    "PHHAction",
    "dumps",
    "dumps_all",
    "format_action",
    "iter_path_names",
    "iter_paths",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "parse_action",
]
