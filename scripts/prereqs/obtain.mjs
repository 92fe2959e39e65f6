// Finds a tool the tests need (an env override, PATH, the usual paths) or installs its Debian package with apt.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** This machine as the apt step sees it. */
export const thisMachine = () => ({
  debian: existsSync('/etc/debian_version'),
  root: process.getuid?.() === 0,
});

/** When `moduleUrl` is the script node was started with: prints the obtained path (exit 0) or the instruction (exit 1). */
export function runAsCli(moduleUrl, obtain) {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  const result = obtain();
  if (result.path) console.log(result.path);
  else console.error(result.error);
  process.exit(result.path ? 0 : 1);
}

export const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export function onPath(name, env) {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const file = join(dir, name);
    if (isExecutable(file)) return file;
  }
  return undefined;
}

/** How apt can be run here without a prompt: as root directly, else through passwordless sudo; null when it cannot. */
export function aptRunner(env, machine) {
  if (!machine.debian || !onPath('apt-get', env)) return null;
  if (machine.root) return [];
  if (onPath('sudo', env) && spawnSync('sudo', ['-n', 'true'], { env, stdio: 'ignore' }).status === 0) {
    return ['sudo', '-n', '-E'];
  }
  return null;
}

/**
 * tool: { label, envVar, instruction, packages, installLine, find(env) }. Returns { path } or { error } (one line);
 * `log` receives the single line said before installing.
 */
export function obtainTool(tool, { env, log, machine }) {
  const override = env[tool.envVar];
  if (override && !isExecutable(override)) {
    return { error: `${tool.envVar}=${override} is not an executable file. ${tool.instruction}` };
  }
  const found = tool.find(env);
  if (found) return { path: found };
  const prefix = aptRunner(env, machine);
  if (!prefix) return { error: tool.instruction };
  log(tool.installLine);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  // Another apt run (an unattended upgrade, a second test run's install) holds dpkg's lock for a while: wait for it
  // rather than fail at once.
  const run = (args) => {
    const [cmd, ...rest] = [...prefix, 'apt-get', '-o', 'DPkg::Lock::Timeout=300', ...args];
    execFileSync(cmd, rest, { env: aptEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  };
  for (const pkg of tool.packages) {
    try {
      run(['update', '-qq']);
      run(['install', '-y', '-qq', '--no-install-recommends', pkg]);
      const installed = tool.find(env);
      if (installed) return { path: installed };
    } catch {
      // try the next package name
    }
  }
  return { error: `apt-get could not install ${tool.label}. ${tool.instruction}` };
}

/**
 * One binary from one Debian package family: `find` (the env override, PATH, the usual paths) and `obtain` (find, else
 * apt), with the options the tests pass (env, fixed paths, log, machine).
 */
export function binaryTool({ binary, label = binary, envVar, packages, fixed, instruction, installLine }) {
  const find = ({ env = process.env, fixed: paths = fixed } = {}) => {
    if (env[envVar]) return isExecutable(env[envVar]) ? env[envVar] : undefined;
    return onPath(binary, env) ?? paths.find(isExecutable);
  };
  const obtain = ({
    env = process.env,
    fixed: paths = fixed,
    log = console.log,
    machine = thisMachine(),
  } = {}) =>
    obtainTool(
      { label, envVar, instruction, packages, installLine, find: (e) => find({ env: e, fixed: paths }) },
      { env, log, machine },
    );
  return { find, obtain };
}
