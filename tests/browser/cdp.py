"""Drives headless Chromium through the DevTools protocol over a pipe
(--remote-debugging-pipe: JSON messages separated by NUL bytes on file
descriptors 3 and 4), so only the Python standard library is needed."""
import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time


def find_chromium():
    """The path of a Chromium binary, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        p = shutil.which(name)
        if p:
            return p
    return None


class Browser:
    """One headless Chromium with one page; call close() when done."""

    def __init__(self, binary, width=1200, height=900, timeout=30.0):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="bb-chromium-")
        to_child_r, self.to_child_w = os.pipe()   # our writes -> its fd 3
        self.from_child_r, from_child_w = os.pipe()  # its fd 4 -> our reads
        args = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--user-data-dir=" + self.profile, "--remote-debugging-pipe",
                "--window-size=%d,%d" % (width, height), "about:blank"]

        def child_fds():  # in the child: its pipe ends onto 3 and 4 (via fds >= 10: no clobbering)
            a = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, preexec_fn=child_fds, pass_fds=(3, 4))
        os.close(to_child_r)
        os.close(from_child_w)
        self.buf = b""
        self.next_id = 0
        self.events = []
        self.session = None
        targets = self.call("Target.getTargets")["targetInfos"]
        page = [t for t in targets if t["type"] == "page"]
        if page:
            tid = page[0]["targetId"]
        else:
            tid = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=tid, flatten=True)["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=False)

    def _read_message(self, deadline):
        while b"\0" not in self.buf:
            if time.monotonic() > deadline:
                raise TimeoutError("no answer from Chromium in %.0f s" % self.timeout)
            r, _, _ = select.select([self.from_child_r], [], [], 0.5)
            if r:
                chunk = os.read(self.from_child_r, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the DevTools pipe (exit %s)" % self.proc.poll())
                self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg.decode("utf-8"))

    def call(self, method, **params):
        """Sends a command (to the page once attached) and returns its result."""
        self.next_id += 1
        mid = self.next_id
        msg = {"id": mid, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            msg["sessionId"] = self.session
        data = json.dumps(msg).encode("utf-8") + b"\0"
        while data:
            n = os.write(self.to_child_w, data)
            data = data[n:]
        deadline = time.monotonic() + self.timeout
        while True:
            m = self._read_message(deadline)
            if m.get("id") == mid:
                if "error" in m:
                    raise RuntimeError("%s: %s" % (method, m["error"].get("message")))
                return m.get("result", {})
            if "method" in m:
                self.events.append(m)

    def wait_event(self, name):
        deadline = time.monotonic() + self.timeout
        while True:
            for i, e in enumerate(self.events):
                if e["method"] == name:
                    return self.events.pop(i)
            self.events.append(self._read_message(deadline))

    def load(self, url):
        """Navigates and waits for the load event."""
        self.events = []
        self.call("Page.navigate", url=url)
        self.wait_event("Page.loadEventFired")

    def js(self, expr):
        """The value of a JavaScript expression (JSON-serializable); raises on an exception."""
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True)
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            raise RuntimeError("JavaScript: %s" % d.get("exception", {}).get("description", d.get("text")))
        return r["result"].get("value")

    def key(self, key, code=None, keycode=0):
        """Presses and releases one key (e.g. "ArrowRight", 39)."""
        for t in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=t, key=key, code=code or key,
                      windowsVirtualKeyCode=keycode, nativeVirtualKeyCode=keycode)

    def mouse(self, kind, x, y, button="none", clicks=0):
        self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button=button, clickCount=clicks)

    def click_at(self, x, y):
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y, "left", 1)
        self.mouse("mouseReleased", x, y, "left", 1)

    def center(self, selector):
        """The centre (x, y) of the first element matching selector, in page pixels."""
        r = self.js("(function(){var e=document.querySelector(%s);if(!e)return null;"
                    "e.scrollIntoView({block:'center'});var b=e.getBoundingClientRect();"
                    "return [b.left+b.width/2,b.top+b.height/2];})()" % json.dumps(selector))
        if r is None:
            raise RuntimeError("no element matches %s" % selector)
        return r

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.to_child_w)
        os.close(self.from_child_r)
        shutil.rmtree(self.profile, ignore_errors=True)
