/**
 * @file Runs a shell command inside a QEMU VM on Debian's kernel, with the host's root shared read-only over 9p:
 * the host's own node and this checkout run on the VM's kernel and its drivers (vivid, snd-aloop). KVM is used
 * when it works, else pure emulation (QEMU falls back to the next `-accel`). The command's output comes back over
 * the serial console between two markers, with its exit code; a job folder (shared writable, at the same path in
 * the VM as on the host) carries files both ways.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BEGIN_MARKER, EXIT_MARKER, buildInitramfs } from './initramfs';
import { ensureKernelPackage, vmCacheDir } from './kernelPackage';

/** What a job needs that the host may lack, and how to install it on Debian. */
export const VM_REQUIREMENTS =
  'the VM tests need QEMU and busybox: apt-get install -y qemu-system-x86 busybox-static cpio ' +
  '(the kernel package is fetched with apt-get download on first use)';

/** Modules a job may load in setup.sh. */
export const VM_MODULES = ['vivid', 'snd-aloop'];

/** One job. */
export interface VmJob {
  /** Shell command run in the host's root inside the VM (sh -c). */
  command: string;
  /** busybox shell lines run before, outside the host's root (modprobe with parameters). */
  setup?: string;
  /** Working directory of the command (default: this process's). */
  cwd?: string;
  /** Environment variables for the command. */
  env?: Record<string, string>;
  /** The VM is killed after this long (ms; default 300 s). */
  timeoutMs?: number;
  /** Memory of the VM in MiB (default 1536). */
  memoryMb?: number;
}

/** What came back. */
export interface VmResult {
  /** The command's exit code (125: setup failed, -1: the VM never reported one). */
  exitCode: number;
  /** The command's output (stdout and stderr as the console showed them). */
  output: string;
  /** The whole console, kernel messages included, for diagnosis. */
  console: string;
  /** The job folder (as seen on the host and in the VM); files the command wrote stay there. */
  jobDir: string;
  /** The accelerator QEMU used. */
  accelerator: string;
}

/** Throws with install instructions when QEMU or busybox is missing: a VM test must fail loudly, never skip. */
export function requireVmTools(): void {
  const qemu = spawnSync('qemu-system-x86_64', ['--version'], { encoding: 'utf8' });
  if (qemu.error || qemu.status !== 0) throw new Error(`qemu-system-x86_64 not found: ${VM_REQUIREMENTS}`);
  if (!fs.existsSync('/bin/busybox')) throw new Error(`/bin/busybox not found: ${VM_REQUIREMENTS}`);
}

/** The kernel and an initramfs for it, built once per kernel and module list and cached. */
export function vmImage(cacheDir = vmCacheDir()): { kernel: string; initramfs: string } {
  const kernel = ensureKernelPackage(cacheDir);
  const key = createHash('sha256')
    .update([kernel.release, ...VM_MODULES, fs.statSync('/bin/busybox').size].join('\n'))
    .update(fs.readFileSync(new URL('./initramfs.ts', import.meta.url)))
    .digest('hex')
    .slice(0, 12);
  const initramfs = path.join(cacheDir, `initramfs-${key}.cpio.gz`);
  if (!fs.existsSync(initramfs)) {
    const image = buildInitramfs({
      busybox: '/bin/busybox',
      modulesDir: kernel.modulesDir,
      release: kernel.release,
      modules: VM_MODULES,
    });
    fs.writeFileSync(`${initramfs}.tmp`, image);
    fs.renameSync(`${initramfs}.tmp`, initramfs);
  }
  return { kernel: kernel.vmlinuz, initramfs };
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Boots the VM, runs `job`, powers off; resolves when QEMU has exited. */
export async function runInVm(job: VmJob): Promise<VmResult> {
  requireVmTools();
  const cacheDir = vmCacheDir();
  const { kernel, initramfs } = vmImage(cacheDir);
  const jobDir = path.join(cacheDir, 'jobs', randomUUID());
  fs.mkdirSync(jobDir, { recursive: true });
  fs.writeFileSync(path.join(jobDir, 'setup.sh'), `${job.setup ?? ''}\n`);
  const env = Object.entries({ PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/tmp', PITCHSIDE_JOB: jobDir, ...job.env })
    .map(([k, v]) => `export ${k}=${shellQuote(v)}`)
    .join('\n');
  fs.writeFileSync(
    path.join(jobDir, 'run.sh'),
    `${env}\ncd ${shellQuote(job.cwd ?? process.cwd())} || exit 126\n${job.command}\n`,
  );
  const useKvm = process.env.PITCHSIDE_VM_ACCEL !== 'tcg' && kvmUsable();
  let boot = await bootQemu(useKvm ? 'kvm' : 'tcg', kernel, initramfs, jobDir, job);
  // Nested KVM may refuse the CPU model at start (QEMU aborts before the guest prints anything), or start a guest
  // that never runs (a nested host with /dev/kvm open to us: QEMU spun at 100 % with a silent console until the
  // job's timeout, 8 to 25 minutes per test): emulate instead.
  if (boot.accelerator === 'kvm' && !boot.console.length) boot = await bootQemu('tcg', kernel, initramfs, jobDir, job);
  const text = boot.console;
  const begin = text.indexOf(BEGIN_MARKER);
  const exit = new RegExp(`${EXIT_MARKER} (\\d+)`).exec(text);
  if (!exit && !text.length)
    throw new Error(`qemu-system-x86_64 failed (exit ${boot.code}): ${boot.stderr.trim() || 'no output'}`);
  const output = begin < 0 ? '' : text.slice(begin + BEGIN_MARKER.length + 1, exit ? exit.index : undefined);
  return { exitCode: exit ? Number(exit[1]) : -1, output, console: text, jobDir, accelerator: boot.accelerator };
}

function kvmUsable(): boolean {
  try {
    fs.accessSync('/dev/kvm', fs.constants.R_OK | fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * How long a KVM guest may stay silent before it counts as not running (ms): its init prints the job's begin marker
 * after loading a few modules and mounting two shares, seconds after boot under KVM.
 */
const KVM_SILENCE_MS = 90_000;

/** One QEMU run; its console with carriage returns removed. */
async function bootQemu(
  accelerator: 'kvm' | 'tcg',
  kernel: string,
  initramfs: string,
  jobDir: string,
  job: VmJob,
): Promise<{ accelerator: string; console: string; stderr: string; code: number | null }> {
  // no_timer_check: on a loaded host an emulated CPU can miss the kernel's IO-APIC timer check and panic.
  const args = [
    ...['-accel', accelerator, '-cpu', 'max', '-smp', '2', '-m', String(job.memoryMb ?? 1536)],
    ...['-kernel', kernel, '-initrd', initramfs],
    ...['-append', `console=ttyS0 quiet loglevel=3 panic=-1 no_timer_check pitchside.job=${jobDir}`],
    ...['-display', 'none', '-serial', 'stdio', '-monitor', 'none', '-no-reboot'],
    ...['-virtfs', 'local,path=/,mount_tag=host,security_model=none,readonly=on'],
    ...['-virtfs', `local,path=${jobDir},mount_tag=job,security_model=none`],
  ];
  const qemu = spawn('qemu-system-x86_64', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let consoleText = '';
  let stderr = '';
  qemu.stdout.on('data', (d: Buffer) => (consoleText += d.toString('utf8')));
  qemu.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const timer = setTimeout(() => qemu.kill('SIGKILL'), job.timeoutMs ?? 300_000);
  // Under KVM the guest reaches its init's first line within seconds; silence past this means it is not running.
  const silent =
    accelerator === 'kvm' ? setTimeout(() => consoleText.length || qemu.kill('SIGKILL'), KVM_SILENCE_MS) : undefined;
  const code = await new Promise<number | null>((resolve) => qemu.on('close', resolve));
  clearTimeout(timer);
  clearTimeout(silent);
  return { accelerator, console: consoleText.replace(/\r/g, ''), stderr, code };
}
