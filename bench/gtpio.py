"""A GTP engine over pipes, for the bench scripts (score.py, likeness.py)."""
import subprocess


class Gtp:
    """A GTP engine over pipes: `cmd` sends one command and returns the reply's text."""

    def __init__(self, args):
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def cmd(self, line):
        """The reply's text without `=`; raises RuntimeError on a `?` reply or a closed pipe."""
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            ln = self.p.stdout.readline()
            if ln == "":
                raise RuntimeError(f"engine closed on {line!r}")
            if ln.strip() == "":
                if out:
                    break
                continue
            out.append(ln.rstrip("\n"))
        text = "\n".join(out)
        if not text.startswith("="):
            raise RuntimeError(f"{line!r}: {text}")
        return text[1:].strip()

    def close(self):
        """Sends `quit` and waits for the engine to end."""
        try:
            self.cmd("quit")
        except (RuntimeError, BrokenPipeError, OSError):
            pass
        self.p.wait(timeout=10)
