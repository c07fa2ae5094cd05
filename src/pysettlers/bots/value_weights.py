"""Weights of the learned value (``value_model.py``), one per feature.

Written by ``bench/fit_value.py`` (do not edit by hand) with
``--games 1600 --seed 7000000 --l2 1.0``: 1600 games with a winner;
the held-out figures are in docs/bots.md.
"""

WEIGHTS: tuple[float, ...] = (
    0.6454159002987931,  # vp
    0.45799464319843325,  # vp_share_sq
    -1.2379086921678975,  # longest_road
    -0.7453385274503501,  # largest_army
    0.6146012324450815,  # award_race
    -0.3546917303086379,  # prod_total
    -0.13083241977404847,  # prod_brick
    -0.17151117347583097,  # prod_lumber
    -0.7560310957918174,  # prod_wool
    -0.43106948720696225,  # prod_grain
    -0.5109484044661979,  # prod_ore
    -0.0869296285925186,  # distinct
    0.005370536792091212,  # build_rate
    1.2193625874375114,  # prod_value
    0.01606792219014945,  # harbors
    1.5796447831030083,  # expansion
    0.04506049269133925,  # sites
    0.6653675943402376,  # settle_left
    0.020448270849078,  # hand
    0.0580305330822294,  # over_limit
    1.15467707181657,  # hand_value
    -0.6834557075832856,  # dev_held
    2.4986607336721782,  # dev_value
    -0.028216618069315892,  # knights
    0.17887415043965366,  # settlements
    0.17285713059637184,  # cities
    -0.04034846826985789,  # roads
    0.07563302012719776,  # road_length
    -0.17553920380710145,  # wait
)
