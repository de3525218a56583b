// CPU time of the processes a load run involves, read from /proc (Linux): the server's process tree
// (its workers included), the PostgreSQL server's processes, and this process (autocannon runs in
// it). Taken before and after a run, it splits the run's CPU per request between them: on a machine
// where all three share the cores, that split says what the throughput is bounded by.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Every process's parent, command name and CPU time (user + system, all threads) in ms. */
function processes() {
  const list = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const end = text.lastIndexOf(')');
      const fields = text.slice(end + 2).split(' ');
      list.set(Number(entry), {
        parent: Number(fields[1]),
        command: text.slice(text.indexOf('(') + 1, end),
        cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks,
      });
    } catch {
      // The process ended while the list was read.
    }
  }
  return list;
}

/** Whether `pid` is `roots` (a pid or several: the instances and nginx of `--instances`) or below one. */
function descendsFrom(list, pid, roots) {
  const wanted = new Set([roots].flat());
  for (let current = pid; current > 1; current = list.get(current)?.parent ?? 0) {
    if (wanted.has(current)) return true;
  }
  return false;
}

/**
 * CPU ms so far of each process of the server's tree and of each `postgres` process (by pid), and of
 * this process.
 */
export function cpuSnapshot(serverPid) {
  const list = processes();
  const server = new Map();
  const postgres = new Map();
  for (const [pid, entry] of list) {
    if (descendsFrom(list, pid, serverPid)) server.set(pid, entry.cpuMs);
    else if (entry.command === 'postgres') postgres.set(pid, entry.cpuMs);
  }
  const own = process.cpuUsage();
  return { server, postgres, load: (own.user + own.system) / 1000 };
}

/**
 * The CPU ms the processes alive at `after` spent since `before` (a process started in between counts
 * from zero; one that ended in between, a closed database connection, is missed).
 */
function spent(before, after) {
  let total = 0;
  for (const [pid, cpuMs] of after) total += cpuMs - (before.get(pid) ?? 0);
  return total;
}

/** CPU ms per request of each part between two snapshots. */
export function cpuPerRequest(before, after, requests) {
  const per = (ms) => (requests > 0 ? ms / requests : 0);
  return {
    server: per(spent(before.server, after.server)),
    postgres: per(spent(before.postgres, after.postgres)),
    load: per(after.load - before.load),
  };
}

/** Resident memory (VmRSS) in MB of each process of the server's tree, by pid. */
export function residentMb(serverPid) {
  const list = processes();
  const resident = new Map();
  for (const pid of list.keys()) {
    if (!descendsFrom(list, pid, serverPid)) continue;
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (kb) resident.set(pid, Math.round(Number(kb) / 1024));
    } catch {
      // The process ended while it was read.
    }
  }
  return resident;
}
