// Runs the offline engine in its own Node process (as mongod runs beside an app), so the caller's heap and event loop stay its own.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface EngineProcess {
  uri: string;
  pid: number;
  stop(): Promise<void>;
}

export interface EngineProcessOptions {
  /** V8 old-space limit of the engine process in MB (a million documents need a few GB). */
  maxOldSpaceMb?: number;
  /** Milliseconds to wait for the engine to print its URI. */
  startTimeoutMs?: number;
}

/** The command that runs cli: the built cli.js with node, or cli.ts through tsx when running from source (tests). */
function cliCommand(): { cmd: string; args: string[] } {
  const built = path.join(__dirname, 'cli.js');
  if (existsSync(built)) return { cmd: process.execPath, args: [built] };
  const source = path.join(__dirname, 'cli.ts');
  const tsx = path.join(__dirname, '..', 'node_modules', '.bin', 'tsx');
  if (existsSync(source) && existsSync(tsx)) return { cmd: tsx, args: [source] };
  throw new Error(`offline engine CLI not found next to ${__filename}; build @cx/local-mongo first`);
}

export async function startEngineProcess(opts: EngineProcessOptions = {}): Promise<EngineProcess> {
  const { cmd, args } = cliCommand();
  // the heap limit only through NODE_OPTIONS (no loader of ours): it reaches node directly or via tsx
  const heap = `--max-old-space-size=${opts.maxOldSpaceMb ?? 8192}`;
  // LOCAL_MONGO_CPU_PROF_DIR: the engine process writes a V8 CPU profile there when it stops (bench profiling);
  // node refuses --cpu-prof in NODE_OPTIONS, so it goes on the command line (tsx hands node's flags on)
  const profDir = process.env.LOCAL_MONGO_CPU_PROF_DIR;
  const prof = profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
  const child = spawn(cmd, [...prof, ...args, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: heap },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const uri = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `offline engine process printed no URI within ${opts.startTimeoutMs ?? 30_000} ms: ${stderr}`,
        ),
      );
    }, opts.startTimeoutMs ?? 30_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('mongodb://'));
      if (line) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`offline engine process exited with ${code} before serving: ${stderr}`));
    });
  });
  child.stdout.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    uri,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
