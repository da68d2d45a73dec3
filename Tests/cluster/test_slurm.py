"""`hoshi hints` on a real batch system: a single-node Slurm cluster from Debian's packages (slurm-wlm,
munge), started in a temporary folder with its own munge key, socket and ports. The hints of a site are
computed, with the solver's answers to a folder of problems, as an array job of four tasks, one shard each (the shard read from SLURM_ARRAY_TASK_ID and
SLURM_ARRAY_TASK_COUNT), their caches merged, and the following build must make no engine call, run no solver and write
the same pages as a one-machine build with the same seed.

Skips, with the reason, where Slurm cannot be started (packages missing, not root, daemons not coming up).
"""
import os
import pathlib
import re
import shutil
import socket
import subprocess
import time

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
DEMO_RECORD = REPOSITORY / "content/games/analysed/hoshi-self-play-9x9.sgf"
SUMMARY = re.compile(r"hints: (\d+) positions?, (\d+) from the cache, (\d+) computed")
SOLVER = re.compile(r"solver: (\d+) problems?, (\d+) from the cache, (\d+) solved now")
DAEMONS = {name: shutil.which(name) or f"/usr/sbin/{name}" for name in ("munged", "slurmctld", "slurmd")}


@pytest.fixture(scope="module")
def hoshi():
    binary = pathlib.Path(os.environ.get("HOSHI", REPOSITORY / ".build/debug/hoshi")).resolve()
    if not binary.exists():
        pytest.fail(f"hoshi binary not found at {binary}; run 'swift build' first or set HOSHI")
    return binary


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def slurm(tmp_path_factory):
    """A running single-node cluster; yields the environment that points Slurm's commands at it."""
    missing = [name for name, path in DAEMONS.items() if not pathlib.Path(path).exists()]
    if missing or not shutil.which("sbatch"):
        pytest.skip(f"Slurm cannot be started: {', '.join(missing) or 'sbatch'} missing (Debian packages slurm-wlm and munge)")
    if os.geteuid() != 0:
        pytest.skip("Slurm cannot be started: slurmd must run as root here")
    folder = tmp_path_factory.mktemp("slurm")
    folder.chmod(0o700)
    for name in ("state", "spool"):
        (folder / name).mkdir()
    key = folder / "munge.key"
    key.write_bytes(os.urandom(1024))
    key.chmod(0o600)
    socket_path = folder / "munge.socket"
    munged = subprocess.run([DAEMONS["munged"], f"--key-file={key}", f"--socket={socket_path}", f"--pid-file={folder / 'munged.pid'}",
                             f"--log-file={folder / 'munged.log'}", f"--seed-file={folder / 'munged.seed'}", "--force"],
                            capture_output=True, text=True, timeout=30)
    if munged.returncode != 0:
        pytest.skip(f"Slurm cannot be started: munged failed: {munged.stderr.strip()}")
    host = socket.gethostname().split(".")[0]
    configuration = folder / "slurm.conf"
    configuration.write_text("\n".join([
        "ClusterName=hoshitest", f"SlurmctldHost={host}", "SlurmUser=root", "SlurmdUser=root",
        "AuthType=auth/munge", f"AuthInfo=socket={socket_path}", "CredType=cred/munge",
        f"StateSaveLocation={folder / 'state'}", f"SlurmdSpoolDir={folder / 'spool'}",
        f"SlurmctldPidFile={folder / 'slurmctld.pid'}", f"SlurmdPidFile={folder / 'slurmd.pid'}",
        f"SlurmctldPort={free_port()}", f"SlurmdPort={free_port()}",
        f"SlurmctldLogFile={folder / 'slurmctld.log'}", f"SlurmdLogFile={folder / 'slurmd.log'}",
        "ProctrackType=proctrack/linuxproc", "TaskPlugin=task/none", "SelectType=select/cons_tres",
        "SelectTypeParameters=CR_Core", "ReturnToService=2", "MpiDefault=none", "SwitchType=switch/none",
        "JobCompType=jobcomp/none", "AccountingStorageType=accounting_storage/none",
        f"NodeName={host} CPUs={os.cpu_count() or 1} State=UNKNOWN",
        f"PartitionName=hoshi Nodes={host} Default=YES MaxTime=INFINITE State=UP", ""]))
    environment = dict(os.environ, SLURM_CONF=str(configuration))
    started = []
    try:
        for daemon in ("slurmctld", "slurmd"):
            result = subprocess.run([DAEMONS[daemon], "-f", str(configuration)], capture_output=True, text=True, timeout=30, env=environment)
            if result.returncode != 0:
                pytest.skip(f"Slurm cannot be started: {daemon} failed: {result.stderr.strip()}")
            started.append(daemon)
        deadline = time.time() + 30
        while time.time() < deadline:
            state = subprocess.run(["sinfo", "-h", "-o", "%t"], capture_output=True, text=True, env=environment)
            if state.stdout.strip() == "idle":
                break
            time.sleep(0.5)
        else:
            log = (folder / "slurmd.log").read_text() if (folder / "slurmd.log").exists() else ""
            pytest.skip(f"Slurm cannot be started: the node never became idle; slurmd log ends: {log[-300:]}")
        yield environment
    finally:
        if started:
            subprocess.run(["scontrol", "shutdown"], capture_output=True, env=environment, timeout=30)
        pid_file = folder / "munged.pid"
        if pid_file.exists():
            try:
                os.kill(int(pid_file.read_text().strip()), 15)
            except (ValueError, ProcessLookupError):
                pass


# Problems without solutions for the solver's share of the work: a white group on the top edge walled in by
# black, its eye space the shape given (columns, rows), as the solver's bench builds them.
EYE_SPACES = {"straight-three": [(3, 0), (4, 0), (5, 0)], "pyramid-four": [(3, 0), (4, 0), (5, 0), (4, 1)],
              "bulky-five": [(3, 0), (4, 0), (5, 0), (3, 1), (4, 1)], "bent-three": [(3, 0), (4, 0), (4, 1)],
              "crossed-five": [(4, 0), (3, 1), (4, 1), (5, 1), (4, 2)]}


def eye_space_problem(space):
    def around(points):
        return {(c + dc, r + dr) for c, r in points for dc in (-1, 0, 1) for dr in (-1, 0, 1)
                if 0 <= c + dc < 19 and 0 <= r + dr < 19 and (c + dc, r + dr) not in points}
    letters = "abcdefghijklmnopqrs"
    white = around(set(space))
    black = around(set(space) | white)
    stones = "AB" + "".join(f"[{letters[c]}{letters[r]}]" for c, r in sorted(black))
    stones += "AW" + "".join(f"[{letters[c]}{letters[r]}]" for c, r in sorted(white))
    return f"(;GM[1]FF[4]SZ[19]PL[B]C[Black to kill]{stones})"


def make_site(root: pathlib.Path):
    (root / "content/games").mkdir(parents=True)
    (root / "content/tsumego").mkdir(parents=True)
    shutil.copy(DEMO_RECORD, root / "content/games/game.sgf")
    for name, space in EYE_SPACES.items():
        (root / f"content/tsumego/{name}.sgf").write_text(eye_space_problem(space))
    (root / "hoshi.yml").write_text("title: Cluster\nhints:\n  paths: [games]\n  playouts: 200\n  seed: 11\n"
                                    "problems:\n  - path: tsumego\n    solve: missing\n    nodes: 20000\n")
    return root


def summary(stderr, pattern=SUMMARY):
    match = pattern.search(stderr)
    assert match, stderr
    return tuple(map(int, match.groups()))


def pages(output):
    return {path.relative_to(output): path.read_bytes() for path in output.rglob("*.html")}


def test_array_job_shards_merge_into_a_build_without_engine_calls(hoshi, slurm, tmp_path):
    site = make_site(tmp_path / "site")
    reference = make_site(tmp_path / "reference")
    one_machine = subprocess.run([str(hoshi), "build", str(reference), "--output", str(tmp_path / "reference-out")],
                                 capture_output=True, text=True, timeout=600)
    assert one_machine.returncode == 0, one_machine.stderr
    positions = summary(one_machine.stderr)[0]
    problems = summary(one_machine.stderr, SOLVER)[0]
    assert problems == len(EYE_SPACES), one_machine.stderr

    shards = tmp_path / "shards"
    logs = tmp_path / "logs"
    shards.mkdir()
    logs.mkdir()
    script = tmp_path / "hints.sbatch"
    script.write_text(f"""#!/bin/sh
#SBATCH --array=0-3
#SBATCH --output={logs}/task-%a.log
exec {hoshi} hints {site} --cache {shards}/$SLURM_ARRAY_TASK_ID/hints
""")
    submitted = subprocess.run(["sbatch", "--wait", str(script)], capture_output=True, text=True, timeout=900, env=slurm)
    task_logs = {path.name: path.read_text() for path in sorted(logs.glob("task-*.log"))}
    assert submitted.returncode == 0, (submitted.stderr, task_logs)
    assert len(task_logs) == 4, task_logs
    computed = []
    solved = []
    for index in range(4):
        text = task_logs[f"task-{index}.log"]
        assert f"shard {index} of 4" in text, text
        computed.append(summary(text)[2])
        solved.append(summary(text, SOLVER)[2])
    assert sum(computed) == positions and max(computed) - min(computed) <= 1, computed
    assert sum(solved) == problems and max(solved) - min(solved) <= 1, solved

    merge = subprocess.run([str(hoshi), "cache", "merge", *sorted(map(str, shards.iterdir())), "--into", str(site)],
                           capture_output=True, text=True, timeout=120)
    assert merge.returncode == 0, merge.stderr
    build = subprocess.run([str(hoshi), "build", str(site), "--output", str(tmp_path / "out")], capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr
    assert summary(build.stderr) == (positions, positions, 0), "the build after the merge made engine calls"
    assert summary(build.stderr, SOLVER) == (problems, problems, 0), "the build after the merge ran the solver"
    assert pages(tmp_path / "out") == pages(tmp_path / "reference-out")
