package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Write calls fill with a temporary file beside path and, if fill and the
// sync succeed, renames the file over path. On any error path is left as
// it was and the temporary file is removed; the error names path, not the
// temporary file. The file is made readable by all (0644), as os.WriteFile
// would make a new one. A process killed mid-write leaves its temporary
// file behind: the next write of path removes it.
func Write(path string, fill func(w io.Writer) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	removeLeftovers(dir, base)
	f, err := os.CreateTemp(dir, tempPrefix(base, os.Getpid())+"*")
	if err != nil {
		return named(path, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
			err = named(path, err)
		}
	}()
	if err = fill(f); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Chmod(f.Name(), 0o644); err != nil {
		return err
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return err
	}
	return syncDir(dir)
}

// WriteFile writes data to path as Write does.
func WriteFile(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// named makes an error of the file system name the target path, not the
// temporary file it happened on: "write m.json: no space left on device".
func named(path string, err error) error {
	var pe *os.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return &os.PathError{Op: "write", Path: path, Err: pe.Err}
	case errors.As(err, &le):
		return &os.PathError{Op: "write", Path: path, Err: le.Err}
	}
	return fmt.Errorf("write %s: %w", path, err)
}

// tempPrefix begins the name of a temporary file of base written by the
// process pid: hidden, and telling whose it is.
func tempPrefix(base string, pid int) string {
	return fmt.Sprintf(".%s.tmp-%d-", base, pid)
}

// removeLeftovers removes the temporary files of base that processes no
// longer running left in dir (killed mid-write); a live writer's stay.
func removeLeftovers(dir, base string) {
	matches, _ := filepath.Glob(filepath.Join(dir, escapeGlob("."+base+".tmp-")+"*"))
	for _, m := range matches {
		rest := strings.TrimPrefix(filepath.Base(m), "."+base+".tmp-")
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid <= 0 || pid == os.Getpid() {
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			os.Remove(m)
		}
	}
}

func escapeGlob(s string) string {
	return strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`).Replace(s)
}

// syncDir makes a rename in dir durable. Some systems cannot sync a
// directory (they refuse to open it for it); the rename has happened
// there all the same, so only a failed sync of an opened directory counts.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !isUnsupported(err) {
		return err
	}
	return nil
}

// isUnsupported reports a directory sync the file system does not offer.
func isUnsupported(err error) bool {
	return errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP) || errors.Is(err, syscall.EISDIR)
}
