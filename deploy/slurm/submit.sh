#!/bin/bash
# Submits a bench (or self-play) job array and its merge, which starts only
# when every task of the array has succeeded:
#   deploy/slurm/submit.sh bench
#   deploy/slurm/submit.sh selfplay
set -euo pipefail
KIND=${1:-bench}
here=$(dirname "$0")
array=$(sbatch --parsable "$here/$KIND.sbatch")
sbatch --dependency=afterok:"$array" --export=ALL,KIND="$KIND" "$here/merge.sbatch"
