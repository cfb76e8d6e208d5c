"""One headless Chromium driven over the DevTools protocol on a pipe
(--remote-debugging-pipe: commands on fd 3, replies on fd 4, each message a
JSON text ended by NUL). Python standard library only.

A page is loaded from a file:// URL, rendered at an exact device scale and
screenshot with a clip, so one browser process serves every scene. Chromium
sometimes hangs in headless mode: every wait has a deadline, and the caller
restarts the browser (fresh profile) and retries when one expires.
"""
import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time


class BrowserError(Exception):
    pass


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        p = shutil.which(name)
        if p:
            return p
    raise BrowserError("no chromium on PATH (Debian: apt-get install -y chromium)")


# Chromium < 145 px tall windows cut 3D content off, so every page is laid
# out in a window at least this large and the canvas is cropped out of it.
MIN_WINDOW = (400, 400)


class Browser:
    def __init__(self, edge_antialiasing=True, binary=None, timeout=30.0):
        self.binary = binary or find_chromium()
        self.edge_aa = edge_antialiasing
        self.timeout = timeout
        self.proc = None
        self.profile = None
        self.next_id = 0
        self.buf = b""
        self.events = []
        self.session = None

    # ------------------------------------------------------------ process
    def start(self):
        self.profile = tempfile.mkdtemp(prefix="oqc-chromium-")
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        # SwiftShader (GL on the CPU), not the software compositor: the
        # software compositor drops parts of 3D-sorted layers that an opaque
        # flat sibling overlaps in screen space, whatever their depth.
        args = [self.binary, "--headless", "--remote-debugging-pipe", "--no-sandbox",
                "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
                "--user-data-dir=" + self.profile, "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--disable-background-networking", "--disable-sync",
                "--disable-component-update", "--mute-audio", "--hide-scrollbars",
                "--force-color-profile=srgb", "--disable-lcd-text", "--font-render-hinting=none",
                "--allow-file-access-from-files", "--disable-features=Translate,MediaRouter",
                "--run-all-compositor-stages-before-draw", "about:blank"]
        if not self.edge_aa:
            args.insert(2, "--disable-composited-antialiasing")

        def child_fds():
            a = os.dup(to_child_r)
            b = os.dup(from_child_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        # The child must see the pipe ends as exactly fds 3 and 4: preexec_fn
        # moves them there (the intermediate copies avoid clobbering when the
        # pipes already sit on 3..6). close_fds=False keeps them: every other
        # descriptor Python made is close-on-exec anyway.
        self.log = open(os.path.join(self.profile, "stderr.log"), "wb")
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=self.log, close_fds=False,
                                     preexec_fn=child_fds)
        os.close(to_child_r)
        os.close(from_child_w)
        self.buf = b""
        self.events = []
        r = self.call("Target.createTarget", {"url": "about:blank"})
        r = self.call("Target.attachToTarget", {"targetId": r["targetId"], "flatten": True})
        self.session = r["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)
        self.call("Emulation.setDefaultBackgroundColorOverride",
                  {"color": {"r": 0, "g": 0, "b": 0, "a": 0}}, session=True)
        self.viewport = None

    def close(self):
        if self.proc is not None:
            try:
                self._send({"id": self._id(), "method": "Browser.close"})
            except OSError:
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            for fd in (self.to_child, self.from_child):
                try:
                    os.close(fd)
                except OSError:
                    pass
            self.proc = None
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)
            self.profile = None

    def restart(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            for fd in (self.to_child, self.from_child):
                try:
                    os.close(fd)
                except OSError:
                    pass
            self.proc = None
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)
            self.profile = None
        self.start()

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *a):
        self.close()

    # ------------------------------------------------------------ protocol
    def _id(self):
        self.next_id += 1
        return self.next_id

    def _send(self, msg):
        data = json.dumps(msg).encode() + b"\0"
        while data:
            n = os.write(self.to_child, data)
            data = data[n:]

    def _read_message(self, deadline):
        while True:
            i = self.buf.find(b"\0")
            if i >= 0:
                msg, self.buf = self.buf[:i], self.buf[i + 1:]
                return json.loads(msg)
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("chromium did not answer in time")
            r, _, _ = select.select([self.from_child], [], [], left)
            if not r:
                continue
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise BrowserError("chromium exited")
            self.buf += chunk

    def call(self, method, params=None, session=False, timeout=None):
        mid = self._id()
        msg = {"id": mid, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = self.session
        self._send(msg)
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            m = self._read_message(deadline)
            if m.get("id") == mid:
                if "error" in m:
                    raise BrowserError("%s: %s" % (method, m["error"].get("message")))
                return m.get("result", {})
            if "method" in m:
                self.events.append(m)

    def wait_event(self, method, timeout=None):
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for i, e in enumerate(self.events):
                if e["method"] == method:
                    del self.events[i]
                    return e
            self.events.append(self._read_message(deadline))

    # ------------------------------------------------------------ rendering
    def screenshot(self, url, width, height, scale, margin=0.0):
        """Load url and return PNG bytes of the width x height CSS px at
        (margin, margin), at `scale` device pixels per px. The window
        reaches `margin` past the clip on every side."""
        vw = max(MIN_WINDOW[0], int(width + 2 * margin + 0.999))
        vh = max(MIN_WINDOW[1], int(height + 2 * margin + 0.999))
        if self.viewport != (vw, vh, scale):
            self.call("Emulation.setDeviceMetricsOverride",
                      {"width": vw, "height": vh, "deviceScaleFactor": scale, "mobile": False},
                      session=True)
            self.viewport = (vw, vh, scale)
        self.events = [e for e in self.events if e["method"] != "Page.loadEventFired"]
        self.call("Page.navigate", {"url": url}, session=True)
        self.wait_event("Page.loadEventFired")
        # Decode every image and let two frames pass so that what is captured
        # is the finished page, not a partially rastered one.
        self.call("Runtime.evaluate", {
            "expression": "Promise.race([Promise.all([...document.images].map(i => i.decode().catch(() => 0))),"
                          " new Promise(r => setTimeout(r, 5000))])"
                          ".then(() => new Promise(r => requestAnimationFrame(() =>"
                          " requestAnimationFrame(() => r(1)))))",
            "awaitPromise": True}, session=True)
        r = self.call("Page.captureScreenshot", {
            "format": "png", "fromSurface": True,
            "clip": {"x": margin, "y": margin, "width": width, "height": height, "scale": 1}},
            session=True)
        return base64.b64decode(r["data"])
