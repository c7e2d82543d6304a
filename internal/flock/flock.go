// Package flock gives one process at a time an output: an advisory lock
// (flock(2)) on a results file, a dataset or a run directory, held until
// Unlock or the process's end, so that two runs never append the same
// games to one file. A second taker gets a one-line error naming the
// process that holds the lock, where the system says (Linux's /proc/locks).
package flock

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// Lock is a held lock; its zero value holds nothing.
type Lock struct {
	f    *os.File
	made string // the path of the file File made, for Discard
}

// BusyError says another process holds the lock of Path.
type BusyError struct {
	Path  string
	Other string // "process 1234 (chariot bench ...)", or "another process"
}

func (e *BusyError) Error() string {
	return fmt.Sprintf("%s is in use by %s: wait for it to end, or choose another output", e.Path, e.Other)
}

// File locks the file at path, creating it (empty) if it is not there. It
// does not wait: a lock held elsewhere is a *BusyError.
func File(path string) (*Lock, error) {
	made := true
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE|os.O_EXCL|unix.O_NONBLOCK, 0o644)
	if errors.Is(err, fs.ErrExist) {
		made = false
		f, err = os.OpenFile(path, os.O_RDONLY|unix.O_NONBLOCK, 0o644)
	}
	if err != nil {
		return nil, err
	}
	l, err := take(f, path)
	if made {
		if err != nil {
			os.Remove(path)
		} else {
			l.made = path
		}
	}
	return l, err
}

// Dir locks the directory at path, which must exist.
func Dir(path string) (*Lock, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return take(f, path)
}

func take(f *os.File, path string) (*Lock, error) {
	if st, err := f.Stat(); err != nil {
		f.Close()
		return nil, err
	} else if !st.Mode().IsRegular() && !st.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case err == nil:
			return &Lock{f: f}, nil
		case errors.Is(err, unix.EINTR):
			continue
		case errors.Is(err, unix.EWOULDBLOCK):
			other := holder(f)
			f.Close()
			return nil, &BusyError{Path: path, Other: other}
		default:
			f.Close()
			return nil, fmt.Errorf("locking %s: %w", path, err)
		}
	}
}

// Unlock releases the lock; unlocking nil or twice does nothing.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	f := l.f
	l.f = nil
	return f.Close() // closing the last descriptor releases the flock
}

// Discard releases the lock of a writer that failed, and removes the file
// if File made it and it is still empty: a failed merge leaves no trace.
func (l *Lock) Discard() error {
	if l == nil || l.f == nil {
		return nil
	}
	if l.made != "" {
		if st, err := os.Stat(l.made); err == nil && st.Size() == 0 {
			os.Remove(l.made)
		}
	}
	return l.Unlock()
}

// holder names the process holding a flock on f's file, from /proc/locks.
func holder(f *os.File) string {
	const unknown = "another process"
	var st unix.Stat_t
	if unix.Fstat(int(f.Fd()), &st) != nil {
		return unknown
	}
	locks, err := os.Open("/proc/locks")
	if err != nil {
		return unknown
	}
	defer locks.Close()
	// "1: FLOCK  ADVISORY  WRITE 1234 00:2a:5678 0 EOF"
	want := fmt.Sprintf(":%d", st.Ino)
	sc := bufio.NewScanner(locks)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 || fields[1] != "FLOCK" || !strings.HasSuffix(fields[5], want) {
			continue
		}
		pid, err := strconv.Atoi(fields[4])
		if err != nil || pid == os.Getpid() {
			continue
		}
		return describe(pid)
	}
	return unknown
}

// describe is "process PID (its command line)", the command line cut short.
func describe(pid int) string {
	out := fmt.Sprintf("process %d", pid)
	cmd, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil || len(cmd) == 0 {
		return out
	}
	line := string(bytes.TrimRight(bytes.ReplaceAll(cmd, []byte{0}, []byte{' '}), " "))
	if r := []rune(line); len(r) > 120 {
		line = string(r[:117]) + "..."
	}
	return fmt.Sprintf("%s (%s)", out, line)
}
