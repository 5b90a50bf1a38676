/**
 * @file The Linux kernel the VM tests boot: Debian's `linux-image-<version>-amd64` package (which the metapackage
 * `linux-image-amd64` names), fetched once with `apt-get download` into a cache folder outside the repository and
 * unpacked there with `dpkg-deb -x`; `depmod -b` writes the modules.dep the initramfs takes its modules from.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** An unpacked kernel package. */
export interface KernelPackage {
  /** The kernel release (`uname -r` in the VM), e.g. 6.1.0-57-amd64. */
  release: string;
  /** The compressed kernel image QEMU boots. */
  vmlinuz: string;
  /** `lib/modules/<release>` with the .ko files and modules.dep. */
  modulesDir: string;
}

/** Where downloads and unpacked kernels are kept: `PITCHSIDE_VM_CACHE`, else ~/.cache/pitchside-vm. */
export function vmCacheDir(): string {
  return process.env.PITCHSIDE_VM_CACHE ?? path.join(os.homedir(), '.cache', 'pitchside-vm');
}

function run(command: string, args: string[], cwd?: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`${command} ${args.join(' ')} failed: ${stderr.trim() || String(error)}`);
  }
}

/** The newest kernel package's name: what `linux-image-amd64` depends on. */
function kernelPackageName(): string {
  const depends = run('apt-cache', ['depends', 'linux-image-amd64']);
  const name = /Depends:\s*(linux-image-[0-9][^\s]*-amd64)/.exec(depends)?.[1];
  if (!name) throw new Error('apt-cache names no linux-image-*-amd64 package: run apt-get update first');
  return name;
}

/**
 * The kernel in `cacheDir`: a .deb already there is used (the newest by name), else the current one is
 * downloaded. Unpacking happens once per package.
 */
export function ensureKernelPackage(cacheDir = vmCacheDir()): KernelPackage {
  fs.mkdirSync(cacheDir, { recursive: true });
  const debs = () =>
    fs
      .readdirSync(cacheDir)
      .filter((f) => /^linux-image-[0-9].*-amd64_.*\.deb$/.test(f))
      .sort();
  if (!debs().length) run('apt-get', ['download', kernelPackageName()], cacheDir);
  const deb = debs().at(-1);
  if (!deb) throw new Error(`apt-get download left no linux-image .deb in ${cacheDir}`);
  const unpacked = path.join(cacheDir, deb.replace(/\.deb$/, ''));
  if (!fs.existsSync(path.join(unpacked, 'done'))) {
    fs.rmSync(unpacked, { recursive: true, force: true });
    run('dpkg-deb', ['-x', path.join(cacheDir, deb), unpacked]);
    const release = fs.readdirSync(path.join(unpacked, 'lib', 'modules'))[0]!;
    run('depmod', ['-b', unpacked, release]);
    fs.writeFileSync(path.join(unpacked, 'done'), release);
  }
  const release = fs.readFileSync(path.join(unpacked, 'done'), 'utf8');
  return {
    release,
    vmlinuz: path.join(unpacked, 'boot', `vmlinuz-${release}`),
    modulesDir: path.join(unpacked, 'lib', 'modules', release),
  };
}
