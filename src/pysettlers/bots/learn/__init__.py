"""The second learned value: a win-probability model trained on self-play (issue 33).

What this is for: a value of a seat's position — its chance to win — learned from games
among the field (``sim/field.py``) and the current best bots, from each seat's own view
only, for search leaves (``expert:value=learned2``). It lives among the bots because the
bots play with it; training is a separate step that needs the ``train`` extra.

* ``features.py``: the inputs, a pure-Python function of a view (today's 29 features of
  the learned logit and race-relevant ones relative to the opponents);
* ``data.py``: games recorded for training (every seat's features at each turn's start,
  the winner), deterministic per seed, in parallel (``--workers``) or on Ray;
* ``mlp.py``: the network — a conditional logit (a softmax over the snapshot's seats)
  whose score is a linear part starting at today's logit plus a small ReLU correction,
  trained by backpropagation and Adam in numpy, deterministic per seed;
* ``train.py``: the network and gradient-boosted trees (scikit-learn), measured on
  held-out games against today's logit and a points-only baseline (numpy, scikit-learn:
  the ``train`` extra, imported only there and in ``mlp.py``);
* ``model.py``: inference from a versioned JSON weights file in pure Python (the shipped
  one is ``value2.json``, after two rounds of expert iteration: docs/bots.md);
* ``__main__.py``: ``python -m pysettlers.bots.learn generate|train``, the documented
  command that writes the shipped weights.

What this is not: a bot (the expert uses the model), nor a policy.
"""
