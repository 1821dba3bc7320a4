//go:build linux && cgo

// Command paintprobe waits for the first frame with content on an X display and prints when
// it was captured and how much CPU the watched process tree had used by then. It is the
// probe of scripts/firstpaint.sh, which times the app and the Wails template the same way.
//
// "Content" is a capture of the root window with more than -colours distinct colours: a
// mapped but empty window (its background on the black root) has two or three, a window
// showing text has hundreds once the text is antialiased.
//
// The probe must not take the CPU the apps it times need, nor add its own delay to their
// figure. So it captures when the screen changes, not on a clock: the X DAMAGE extension
// reports every drawing on the root window and its children, and a capture (MIT-SHM, the X
// server writing straight into shared memory, ~1 ms for 1280×800; plus ~1.5 ms to count the
// colours) follows each change at most every -gap. While nothing is drawn the probe sleeps,
// waking every -fallback to capture anyway, so a change DAMAGE did not report is still seen.
// One import+convert per poll, as before, cost ~100 ms of CPU each.
//
// Output, one line: <unix ns when the successful capture started> <CPU ms> <colours>.
// Exit status 2: the watched process exited first; 3: the time limit passed.
package main

/*
#cgo LDFLAGS: -lX11 -lXext -lXdamage
#include <stdlib.h>
#include <poll.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/Xdamage.h>

static int bytesPerLine(XImage *im) { return im->bytes_per_line; }
static int bitsPerPixel(XImage *im) { return im->bits_per_pixel; }
static char *imageData(XImage *im) { return im->data; }

// shmImage makes an image in a shared memory segment the X server writes captures into
// directly (MIT-SHM), or returns NULL when the server cannot share memory with us.
static XImage *shmImage(Display *dpy, int screen, XShmSegmentInfo *info) {
	if (!XShmQueryExtension(dpy)) return NULL;
	XImage *im = XShmCreateImage(dpy, DefaultVisual(dpy, screen), DefaultDepth(dpy, screen), ZPixmap, NULL, info,
		DisplayWidth(dpy, screen), DisplayHeight(dpy, screen));
	if (!im) return NULL;
	info->shmid = shmget(IPC_PRIVATE, im->bytes_per_line * im->height, IPC_CREAT | 0600);
	if (info->shmid < 0) { XDestroyImage(im); return NULL; }
	info->shmaddr = im->data = shmat(info->shmid, NULL, 0);
	info->readOnly = False;
	// Marked for removal at once: the segment goes away when both sides detach, even if
	// the probe is killed.
	shmctl(info->shmid, IPC_RMID, NULL);
	if (info->shmaddr == (char *)-1 || !XShmAttach(dpy, info)) { XDestroyImage(im); return NULL; }
	XSync(dpy, False);
	return im;
}

static int shmCapture(Display *dpy, Window root, XImage *im) { return XShmGetImage(dpy, root, im, 0, 0, AllPlanes); }

// watchDamage asks for an event whenever something is drawn on the root window or inside it;
// it returns the DAMAGE event base, or -1 when the server has no DAMAGE extension.
static int watchDamage(Display *dpy, Window root, Damage *damage) {
	int event, error;
	if (!XDamageQueryExtension(dpy, &event, &error)) return -1;
	*damage = XDamageCreate(dpy, root, XDamageReportNonEmpty);
	XSync(dpy, False);
	return event;
}

// drained reads the queued events and says whether any reported damage; it re-arms the
// report (DamageReportNonEmpty sends one event until the damage is subtracted).
static int drained(Display *dpy, int damageEvent, Damage damage) {
	int hit = 0;
	XEvent ev;
	while (XPending(dpy) > 0) {
		XNextEvent(dpy, &ev);
		if (ev.type == damageEvent + XDamageNotify) hit = 1;
	}
	if (hit) XDamageSubtract(dpy, damage, None, None);
	return hit;
}

// waitEvent sleeps until the X connection has something to read or ms pass.
static void waitEvent(Display *dpy, int ms) {
	struct pollfd p = { ConnectionNumber(dpy), POLLIN, 0 };
	poll(&p, 1, ms);
}
*/
import "C"

import (
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

func main() {
	display := flag.String("display", os.Getenv("DISPLAY"), "X display to watch")
	pid := flag.Int("pid", 0, "process whose tree's CPU time is reported (and whose exit ends the wait)")
	colours := flag.Int("colours", 16, "a capture with more distinct colours than this has content")
	gap := flag.Duration("gap", 5*time.Millisecond, "least time between two captures while the screen changes")
	fallback := flag.Duration("fallback", 100*time.Millisecond, "capture at least this often even when no drawing was reported")
	limit := flag.Duration("timeout", 60*time.Second, "give up after this long")
	save := flag.String("save", "", "write the frame with content to this PPM file, to see what was counted")
	perProcess := flag.Bool("per-process", false, "also write each process's CPU time to stderr")
	flag.Parse()
	if *pid <= 0 {
		fmt.Fprintln(os.Stderr, "paintprobe: -pid is required")
		os.Exit(1)
	}

	name := C.CString(*display)
	defer C.free(unsafe.Pointer(name))
	dpy := C.XOpenDisplay(name)
	if dpy == nil {
		fmt.Fprintf(os.Stderr, "paintprobe: cannot open display %q\n", *display)
		os.Exit(1)
	}
	defer C.XCloseDisplay(dpy)
	screen := C.XDefaultScreen(dpy)
	root := C.XRootWindow(dpy, screen)
	w, h := C.XDisplayWidth(dpy, screen), C.XDisplayHeight(dpy, screen)
	// Shared memory spares the socket copy of every 4 MB capture (Xvfb on the same machine
	// always offers it).
	var seg C.XShmSegmentInfo
	shm := C.shmImage(dpy, screen, &seg)
	if shm == nil {
		fmt.Fprintln(os.Stderr, "paintprobe: the X server does not share memory (MIT-SHM)")
		os.Exit(1)
	}
	if C.bitsPerPixel(shm) != 32 {
		fmt.Fprintln(os.Stderr, "paintprobe: the display must have 32 bits per pixel (Xvfb -screen 0 WxHx24)")
		os.Exit(1)
	}
	capture := func() int {
		if C.shmCapture(dpy, root, shm) == 0 {
			return 0
		}
		stride := int(C.bytesPerLine(shm))
		data := unsafe.Slice((*byte)(unsafe.Pointer(C.imageData(shm))), stride*int(h))
		return countColours(data, stride, int(w), int(h), *colours+1)
	}

	var damage C.Damage
	damageEvent := C.watchDamage(dpy, root, &damage)
	if damageEvent < 0 {
		// Without DAMAGE the fallback clock is the only trigger: poll at the gap instead.
		*fallback = *gap
	}

	deadline := time.Now().Add(*limit)
	var lastCapture time.Time
	for time.Now().Before(deadline) {
		if syscall.Kill(*pid, 0) != nil {
			fmt.Fprintln(os.Stderr, "paintprobe: the app exited before its first frame")
			os.Exit(2)
		}
		changed := damageEvent >= 0 && C.drained(dpy, damageEvent, damage) != 0
		if wait := time.Until(lastCapture.Add(*gap)); changed && wait > 0 {
			time.Sleep(wait)
		}
		if changed || time.Since(lastCapture) >= *fallback {
			started := time.Now()
			lastCapture = started
			if n := capture(); n > *colours {
				// CPU is read right after the capture: the ms the capture took count on the
				// app's side of the figure, for both apps alike.
				var breakdown io.Writer
				if *perProcess {
					breakdown = os.Stderr
				}
				fmt.Printf("%d %d %d\n", started.UnixNano(), treeCPUms(*pid, breakdown), n)
				if *save != "" {
					savePPM(*save, shm, h)
				}
				return
			}
			continue
		}
		C.waitEvent(dpy, C.int(time.Until(lastCapture.Add(*fallback)).Milliseconds()+1))
	}
	fmt.Fprintln(os.Stderr, "paintprobe: no frame with content before the time limit")
	os.Exit(3)
}

// savePPM writes a 32-bit capture as a binary PPM (after the figure was taken).
func savePPM(path string, im *C.XImage, h C.int) {
	w, stride := int(im.width), int(C.bytesPerLine(im))
	data := unsafe.Slice((*byte)(unsafe.Pointer(C.imageData(im))), stride*int(h))
	out := []byte(fmt.Sprintf("P6\n%d %d\n255\n", w, int(h)))
	for y := 0; y < int(h); y++ {
		for x := 0; x < w; x++ {
			p := data[y*stride+4*x:]
			out = append(out, p[2], p[1], p[0])
		}
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "paintprobe:", err)
	}
}

// imageColours counts the distinct colours of a captured image, up to stop.
func imageColours(im *C.XImage, h C.int, stop int) int {
	if C.bitsPerPixel(im) != 32 {
		fmt.Fprintln(os.Stderr, "paintprobe: the display must have 32 bits per pixel (Xvfb -screen 0 WxHx24)")
		os.Exit(1)
	}
	stride := int(C.bytesPerLine(im))
	data := unsafe.Slice((*byte)(unsafe.Pointer(C.imageData(im))), stride*int(h))
	return countColours(data, stride, int(im.width), int(h), stop)
}

// countColours counts the distinct 24-bit colours of a 32-bit-per-pixel image, up to stop.
// A screen is mostly long runs of one colour, so the row is read two pixels at a time and a
// pair equal to the previous pair is skipped: a poll of a 1280×800 screen costs well under a
// millisecond, which keeps the probe's CPU beside the app's small.
func countColours(data []byte, stride, w, h, stop int) int {
	const colour = 0x00ffffff00ffffff // the 4th byte of each pixel is padding, not colour
	seen := make([]uint32, 0, stop)
	add := func(c uint32) bool {
		for _, s := range seen {
			if s == c {
				return false
			}
		}
		seen = append(seen, c)
		return len(seen) >= stop
	}
	lastPair, have := uint64(0), false
	for y := 0; y < h; y++ {
		row := data[y*stride : y*stride+4*w]
		pairs := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(row))), len(row)/8)
		for _, p := range pairs {
			p &= colour
			if have && p == lastPair {
				continue
			}
			lastPair, have = p, true
			if add(uint32(p)) || add(uint32(p>>32)) {
				return len(seen)
			}
		}
		if x := 8 * len(pairs); x < len(row) {
			if add(binary.LittleEndian.Uint32(row[x:]) & 0xffffff) {
				return len(seen)
			}
		}
	}
	return len(seen)
}

// treeCPUms is the user+system CPU time, in ms, of pid and every process descending from it,
// including children that already exited and were waited for (cutime/cstime).
//
// With breakdown set, it also writes each process's share to it ("name=ms" pairs), to see
// where the CPU went.
func treeCPUms(pid int, breakdown io.Writer) int64 {
	type proc struct {
		ppid  int
		name  string
		ticks int64
	}
	procs := map[int]proc{}
	dirs, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, f := range dirs {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		// The command name (field 2) may hold spaces; the fields after its ')' are fixed.
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		fields := strings.Fields(s[i+1:])
		if len(fields) < 15 {
			continue
		}
		p, _ := strconv.Atoi(filepath.Base(filepath.Dir(f)))
		ppid, _ := strconv.Atoi(fields[1])
		var t int64
		for _, k := range []int{11, 12, 13, 14} { // utime stime cutime cstime
			v, _ := strconv.ParseInt(fields[k], 10, 64)
			t += v
		}
		procs[p] = proc{ppid: ppid, name: s[strings.IndexByte(s, '(')+1 : i], ticks: t}
	}
	var total int64
	byName := map[string]int64{}
	for p, pr := range procs {
		for x := p; ; {
			if x == pid {
				total += pr.ticks
				byName[pr.name] += pr.ticks
				break
			}
			q, ok := procs[x]
			if !ok || x <= 1 {
				break
			}
			x = q.ppid
		}
	}
	if breakdown != nil {
		names := make([]string, 0, len(byName))
		for n := range byName {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(breakdown, "%s=%d ", strings.ReplaceAll(n, " ", "_"), byName[n]*1000/clkTck)
		}
		fmt.Fprintln(breakdown)
	}
	return total * 1000 / clkTck
}

// clkTck is the kernel's USER_HZ, the unit of /proc's CPU times: 100 on every Linux
// architecture Go supports.
const clkTck = 100
