#!/usr/bin/env bash
# Smoke test of the Slurm batch script on a one-node cluster started on this machine: installs
# Slurm and MUNGE from Debian's packages (`slurm-wlm`, `munge`) when missing, starts munged,
# slurmctld and slurmd with a configuration of their own in a temporary directory, submits a
# 4-task array of `crownlands simulate --shard K/4`, merges the parts, and checks the merged
# report against a single run. Stops what it started. Needs root (Debian or Ubuntu).
#
#   deploy/slurm/smoke.sh            (builds the release binary with cargo)
#   CROWNLANDS=path/to/crownlands deploy/slurm/smoke.sh
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ "$(id -u)" -ne 0 ]; then
    echo "run as root: it installs packages and starts the Slurm daemons" >&2
    exit 1
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
bin=${CROWNLANDS:-}
if [ -z "$bin" ]; then
    (cd "$root" && cargo build --release -q -p crownlands-cli)
    bin=$root/target/release/crownlands
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")

work=$(mktemp -d)
pids=()
munge_pid=
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    if [ -n "$munge_pid" ]; then kill "$munge_pid" 2>/dev/null || true; fi
    sleep 1
    rm -rf "$work"
}
trap cleanup EXIT

host=$(hostname -s)
mkdir -p "$work/state" "$work/spool" "$work/log" "$work/parts"
export SLURM_CONF=$work/slurm.conf
cat > "$SLURM_CONF" <<EOC
ClusterName=smoke
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=smoke Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOC

# MUNGE: use the one running, else start one (and stop it afterwards).
if [ ! -S /run/munge/munge.socket.2 ]; then
    mkdir -p /run/munge
    chown munge:munge /run/munge
    runuser -u munge -- /usr/sbin/munged
    for _ in $(seq 50); do [ -s /run/munge/munged.pid ] && break; sleep 0.1; done
    munge_pid=$(cat /run/munge/munged.pid)
fi
/usr/sbin/slurmctld -D -f "$SLURM_CONF" >"$work/log/slurmctld.out" 2>&1 &
pids+=($!)
/usr/sbin/slurmd -D -f "$SLURM_CONF" >"$work/log/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 60); do
    if sinfo -h -o '%t' 2>/dev/null | grep -qE '^idle'; then break; fi
    sleep 1
done
sinfo

args=(simulate kingdomino --players 4 --games 4000 --seed 11)
cd "$work"
job=$(PARTS_DIR="$work/parts" CROWNLANDS="$bin" sbatch --parsable --array=1-4 \
    --output="$work/log/task-%a.log" "$here/crownlands-shard.sbatch" "${args[@]}")
echo "submitted job array $job (4 tasks)"
for _ in $(seq 300); do
    [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
    sleep 1
done
cat "$work"/log/task-*.log
ls "$work/parts"

no_timing() { grep -vE '"(seconds|games_per_second)"'; }
"$bin" merge "$work"/parts/part-*-of-4.json --json | no_timing > "$work/merged.json"
"$bin" "${args[@]}" --json | no_timing > "$work/single.json"
"$bin" merge "$work"/parts/part-*-of-4.json
if cmp -s "$work/merged.json" "$work/single.json"; then
    echo "smoke test passed: the 4 shards run by Slurm merge to exactly the single run"
else
    diff "$work/single.json" "$work/merged.json" || true
    echo "smoke test FAILED: the merged shards differ from the single run" >&2
    exit 1
fi
