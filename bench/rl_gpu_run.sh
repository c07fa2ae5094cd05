#!/usr/bin/env bash
# The learned agent's big run on a GPU machine: demonstrations -> behaviour cloning on cuda ->
# PPO -> 400 evaluation games against 3x weighted, within about 8 minutes of wall time.
#
# What this is for: the lead runs it once on a 16-core GPU machine without internet
# (python3 with torch installed; gymnasium and pettingzoo carried as wheels in .whl/, with
# numpy for a python that lacks it). It writes the weights, the cloned weights, a JSON of
# every stage's numbers and the log into $OUT (default /tmp/pysettlers-rl-out). Each stage has its own wall
# budget (seconds, environment variables below); examples/rl_imitate.py does the work.
#
#   bash bench/rl_gpu_run.sh                   # the full run (about 8 minutes)
#   DATA_S=3 BC_S=3 DAGGER_ROUNDS=1 DAGGER_GAMES=8 DAGGER_S=5 PPO_S=3 EVAL_GAMES=8 WORKERS=2 \
#     DEVICE=cpu HIDDEN=32 bash bench/rl_gpu_run.sh          # a smoke run (seconds)
#
# What this is not: a benchmark of the environment's speed (bench/rl_steps.py).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/pysettlers-rl-out}
PY=${PYTHON:-python3}
WORKERS=${WORKERS:-$(nproc)}
DATA_S=${DATA_S:-90}           # demonstration games for this long (games kept in order)
GAMES=${GAMES:-30000}          # ... or this many, whichever comes first
BC_S=${BC_S:-40}               # behaviour cloning (the best held-out epoch is kept)
EPOCHS=${EPOCHS:-10}
DAGGER_ROUNDS=${DAGGER_ROUNDS:-3}   # the policy plays, the demonstrator labels, cloning goes on
DAGGER_GAMES=${DAGGER_GAMES:-2400}  # games per round (against 3x weighted) ...
DAGGER_S=${DAGGER_S:-30}            # ... or this long, and as long again for its training
DAGGER_EPOCHS=${DAGGER_EPOCHS:-2}
PPO_S=${PPO_S:-80}             # PPO fine-tuning (0: none)
PPO_STEPS=${PPO_STEPS:-5000000}
EVAL_GAMES=${EVAL_GAMES:-400}
EVAL_S=${EVAL_S:-40}
HIDDEN=${HIDDEN:-512,512}
BATCH=${BATCH:-2048}
LR=${LR:-2e-3}
DEVICE=${DEVICE:-cuda}
mkdir -p "$OUT"
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1

# Dependencies from .whl/ when the python lacks them: the pure-Python wheels unpacked into a
# folder on PYTHONPATH (no pip, no index needed); numpy's only when numpy itself is missing.
DEPS="$OUT/.deps"
if ! "$PY" -c "import gymnasium, pettingzoo" 2>/dev/null; then
  [ -d .whl ] || { echo "gymnasium/pettingzoo missing and no .whl/ folder" >&2; exit 2; }
  mkdir -p "$DEPS"
  "$PY" - "$DEPS" <<'PYEOF'
import glob, importlib.util, sys, zipfile
dest = sys.argv[1]
want = {"gymnasium", "pettingzoo", "cloudpickle", "farama_notifications", "typing_extensions"}
if importlib.util.find_spec("numpy") is None:
    want.add("numpy")
for whl in sorted(glob.glob(".whl/*.whl")):
    name = whl.split("/")[-1].split("-")[0].lower()
    if name in want and importlib.util.find_spec(name) is None:
        zipfile.ZipFile(whl).extractall(dest)
        print("unpacked", whl)
PYEOF
fi
export PYTHONPATH="$PWD/src:$DEPS${PYTHONPATH:+:$PYTHONPATH}"
"$PY" -c "import torch, numpy, gymnasium, pettingzoo; print('torch', torch.__version__, 'cuda', torch.cuda.is_available(), 'numpy', numpy.__version__)" | tee "$OUT/env.txt"
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader >> "$OUT/env.txt" 2>/dev/null || true

PPO_ARGS=()
if [ "$PPO_S" != 0 ]; then
  PPO_ARGS=(--ppo-steps "$PPO_STEPS" --ppo-seconds "$PPO_S" --ppo-games "$((WORKERS * 8))" --eval-bc)
fi
"$PY" examples/rl_imitate.py \
  --games "$GAMES" --data-seconds "$DATA_S" --workers "$WORKERS" \
  --hidden "$HIDDEN" --epochs "$EPOCHS" --batch "$BATCH" --lr "$LR" --bc-seconds "$BC_S" \
  --dagger-rounds "$DAGGER_ROUNDS" --dagger-games "$DAGGER_GAMES" --dagger-seconds "$DAGGER_S" \
  --dagger-epochs "$DAGGER_EPOCHS" \
  "${PPO_ARGS[@]}" \
  --eval-games "$EVAL_GAMES" --eval-seconds "$EVAL_S" --device "$DEVICE" \
  --out "$OUT/learned.npz" --json "$OUT/result.json" 2>&1 | tee "$OUT/log.txt"
rm -rf "$DEPS"
ls -la "$OUT"
