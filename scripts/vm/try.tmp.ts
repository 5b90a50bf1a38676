import { runInVm } from './runInVm';
const t = Date.now();
const r = await runInVm({ command: 'uname -r; node -v; ls /dev/video* /dev/snd; cat /sys/class/video4linux/video0/name', setup: 'modprobe vivid n_devs=2 node_types=0x1,0x1\nmodprobe snd-aloop', timeoutMs: 120000 });
console.log(JSON.stringify({ ...r, console: r.console.slice(-3000) }, null, 1), (Date.now() - t) / 1000);
