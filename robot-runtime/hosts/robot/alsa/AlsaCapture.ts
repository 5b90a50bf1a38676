/**
 * @file Microphone capture through ALSA's libasound, called with koffi (the library is on every NAO and most Linux
 * systems; nothing is compiled). Set up as B-Human's AudioProvider does: a capture PCM by name ("default", or
 * another device), interleaved 32-bit float little-endian samples, the rate nearest 48 kHz the device offers,
 * buffer and period sizes left to ALSA; each read takes 2048 frames. An overrun or a suspended device is
 * recovered with snd_pcm_recover and that block is dropped. Reads block: capture runs in a worker of its own.
 */
import koffi from 'koffi';

/** Frames per read (B-Human's block: 2048 frames, about 42.7 ms at 48 kHz). */
export const FRAMES_PER_READ = 2048;

const SND_PCM_STREAM_CAPTURE = 1;
const SND_PCM_ACCESS_RW_INTERLEAVED = 3;
const SND_PCM_FORMAT_FLOAT_LE = 14;
const EAGAIN = 11;

let bindings: ReturnType<typeof bind> | undefined;

function bind() {
  const lib = koffi.load('libasound.so.2');
  const pcm = koffi.pointer('snd_pcm_t', koffi.opaque());
  const params = koffi.pointer('snd_pcm_hw_params_t', koffi.opaque());
  return {
    open: lib.func('int snd_pcm_open(_Out_ snd_pcm_t *pcm, const char *name, int stream, int mode)'),
    close: lib.func('int snd_pcm_close(snd_pcm_t pcm)'),
    paramsMalloc: lib.func('int snd_pcm_hw_params_malloc(_Out_ snd_pcm_hw_params_t *params)'),
    paramsFree: lib.func('void snd_pcm_hw_params_free(snd_pcm_hw_params_t params)'),
    paramsAny: lib.func('int snd_pcm_hw_params_any(snd_pcm_t pcm, snd_pcm_hw_params_t params)'),
    setAccess: lib.func('int snd_pcm_hw_params_set_access(snd_pcm_t pcm, snd_pcm_hw_params_t params, int access)'),
    setFormat: lib.func('int snd_pcm_hw_params_set_format(snd_pcm_t pcm, snd_pcm_hw_params_t params, int format)'),
    setChannels: lib.func(
      'int snd_pcm_hw_params_set_channels(snd_pcm_t pcm, snd_pcm_hw_params_t params, unsigned int channels)',
    ),
    setRateNear: lib.func(
      'int snd_pcm_hw_params_set_rate_near(snd_pcm_t pcm, snd_pcm_hw_params_t params, _Inout_ unsigned int *rate, _Inout_ int *dir)',
    ),
    apply: lib.func('int snd_pcm_hw_params(snd_pcm_t pcm, snd_pcm_hw_params_t params)'),
    readi: lib.func('long snd_pcm_readi(snd_pcm_t pcm, _Out_ void *buffer, unsigned long frames)'),
    recover: lib.func('int snd_pcm_recover(snd_pcm_t pcm, int err, int silent)'),
    strerror: lib.func('const char *snd_strerror(int errnum)'),
    pcm,
    params,
  };
}

function alsa() {
  bindings ??= bind();
  return bindings;
}

/** What to open. */
export interface AlsaCaptureOptions {
  /** The PCM's name ("default", "hw:0,0", "plughw:Loopback,0", …). */
  device?: string;
  /** Interleaved channels (2 on a NAO's default device, 4 on its "PCH_input"). */
  channels?: number;
  /** The rate asked for; the device's nearest is taken. */
  rate?: number;
}

/** An open capture PCM. */
export class AlsaCapture {
  /** Interleaved float samples of the last read (frames × channels). */
  private readonly block: Float32Array;
  /** Blocks dropped after a recovered error (overrun, suspend). */
  recoveries = 0;

  private constructor(
    private handle: unknown,
    readonly device: string,
    readonly channels: number,
    /** The rate the device gave (Hz). */
    readonly rate: number,
  ) {
    this.block = new Float32Array(FRAMES_PER_READ * channels);
  }

  /** Opens and configures the PCM; throws with ALSA's message when it cannot. */
  static open(options: AlsaCaptureOptions = {}): AlsaCapture {
    const a = alsa();
    const device = options.device ?? 'default';
    const channels = options.channels ?? 2;
    const handle = [null];
    check(`snd_pcm_open ${device}`, a.open(handle, device, SND_PCM_STREAM_CAPTURE, 0) as number);
    const params = [null];
    try {
      check('snd_pcm_hw_params_malloc', a.paramsMalloc(params) as number);
      const [pcm, p] = [handle[0], params[0]];
      try {
        check('snd_pcm_hw_params_any', a.paramsAny(pcm, p) as number);
        check('interleaved access', a.setAccess(pcm, p, SND_PCM_ACCESS_RW_INTERLEAVED) as number);
        check('float little-endian samples', a.setFormat(pcm, p, SND_PCM_FORMAT_FLOAT_LE) as number);
        check(`${channels} channels`, a.setChannels(pcm, p, channels) as number);
        const rate = [options.rate ?? 48000];
        check('rate', a.setRateNear(pcm, p, rate, [0]) as number);
        check('snd_pcm_hw_params', a.apply(pcm, p) as number);
        return new AlsaCapture(pcm, device, channels, rate[0]!);
      } finally {
        a.paramsFree(p);
      }
    } catch (error) {
      a.close(handle[0]);
      throw new Error(`${device}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Reads the next block of FRAMES_PER_READ frames (blocking until the device has them); returns the interleaved
   * samples (a view valid until the next read), or undefined when an error was recovered and the block dropped.
   */
  read(): Float32Array | undefined {
    if (!this.handle) throw new Error(`${this.device} is closed`);
    const a = alsa();
    let filled = 0;
    while (filled < FRAMES_PER_READ) {
      const rest = this.block.subarray(filled * this.channels);
      const n = Number(a.readi(this.handle, rest, FRAMES_PER_READ - filled));
      if (n >= 0) {
        filled += n;
        continue;
      }
      if (-n === EAGAIN) continue;
      // An overrun (EPIPE) or a suspend (ESTRPIPE) is recovered; what else recover cannot mend is an error.
      const recovered = a.recover(this.handle, n, 1) as number;
      if (recovered < 0) throw new Error(`${this.device}: snd_pcm_readi: ${a.strerror(n) as string}`);
      this.recoveries++;
      return undefined;
    }
    return this.block;
  }

  /** Closes the PCM (safe twice). */
  close(): void {
    if (this.handle) alsa().close(this.handle);
    this.handle = undefined;
  }
}

function check(what: string, result: number): void {
  if (result < 0) throw new Error(`${what}: ${alsa().strerror(result) as string}`);
}
