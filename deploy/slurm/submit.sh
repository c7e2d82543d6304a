#!/bin/bash
# Submits a bench (or self-play) job array and its merge, which starts only
# when every task of the array has succeeded, and is cancelled if one fails:
#   deploy/slurm/submit.sh bench
#   deploy/slurm/submit.sh selfplay
# Options after the kind go to sbatch for the array; they override the
# script's #SBATCH lines, as --array=0-31 or --partition=NAME. The jobs'
# logs go to the current directory, the results to $RESULTS (default
# ./results); CHARIOT names the binary if chariot is not on the PATH.
set -euo pipefail
KIND=${1:-bench}
shift || true
case $KIND in
bench | selfplay) ;;
*)
	echo "submit.sh: kind $KIND: want bench or selfplay" >&2
	exit 2
	;;
esac
here=$(dirname "$0")
array=$(sbatch --parsable "$@" "$here/$KIND.sbatch")
merge=$(sbatch --parsable --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
	--export=ALL,KIND="$KIND" "$here/merge.sbatch")
echo "chariot $KIND: array job $array, merge job $merge"
