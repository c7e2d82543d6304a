package atomicfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

const oldContent = "the old file, whole\n"

// newContent is long enough that half of it is a visible tear.
var newContent = strings.Repeat("the new file ", 4096)

func withOld(t *testing.T) (dir, path string) {
	dir = t.TempDir()
	path = filepath.Join(dir, "model.json")
	if err := os.WriteFile(path, []byte(oldContent), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, path
}

func checkOld(t *testing.T, dir, path string, temps int) {
	t.Helper()
	if got, err := os.ReadFile(path); err != nil || string(got) != oldContent {
		t.Errorf("old file: %q, %v; want it intact", got[:min(len(got), 40)], err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1+temps {
		t.Errorf("%d files in the directory, want %d", len(entries), 1+temps)
	}
}

func TestWriterFailingHalfwayLeavesTheOldFile(t *testing.T) {
	dir, path := withOld(t)
	broken := errors.New("disk full")
	err := Write(path, func(w io.Writer) error {
		if _, err := io.WriteString(w, newContent[:len(newContent)/2]); err != nil {
			return err
		}
		return broken
	})
	if !errors.Is(err, broken) {
		t.Fatalf("Write = %v, want the writer's error", err)
	}
	checkOld(t, dir, path, 0)
}

// TestCrashMidWriteLeavesTheOldFile kills a process (this test binary,
// run again) halfway through writing: the old file must be intact, and
// the only trace of the crash is a hidden temporary file.
func TestCrashMidWriteLeavesTheOldFile(t *testing.T) {
	if path := os.Getenv("ATOMICFILE_CRASH_IN"); path != "" {
		Write(path, func(w io.Writer) error {
			io.WriteString(w, newContent[:len(newContent)/2])
			os.Exit(3)
			return nil
		})
		return
	}
	dir, path := withOld(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashMidWriteLeavesTheOldFile$")
	cmd.Env = append(os.Environ(), "ATOMICFILE_CRASH_IN="+path)
	var ee *exec.ExitError
	if err := cmd.Run(); !errors.As(err, &ee) || ee.ExitCode() != 3 {
		t.Fatalf("the writing process ended with %v, want exit status 3", err)
	}
	checkOld(t, dir, path, 1)
}

func TestWriteFileReplaces(t *testing.T) {
	dir, path := withOld(t)
	if err := WriteFile(path, []byte(newContent)); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != newContent {
		t.Errorf("file holds %d bytes, want the %d new ones", len(got), len(newContent))
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v; want 0644", fi.Mode(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory, want only the one written", len(entries))
	}
	if err := WriteFile(filepath.Join(dir, "no", "such", "dir.json"), nil); err == nil {
		t.Error("writing into a missing directory should fail")
	}
	t.Chdir(dir)
	if err := WriteFile("relative.json", []byte("x")); err != nil {
		t.Error(err)
	}
}

// TestReadersNeverSeeATornFile writes two contents in turn from several
// goroutines while others read: every read is one content or the other.
func TestReadersNeverSeeATornFile(t *testing.T) {
	_, path := withOld(t)
	contents := []string{oldContent, newContent}
	var wg sync.WaitGroup
	done := make(chan struct{})
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 25 {
				if err := WriteFile(path, []byte(contents[(w+i)%2])); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	var readers sync.WaitGroup
	for range 2 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				got, err := os.ReadFile(path)
				if err != nil || !(bytes.Equal(got, []byte(oldContent)) || bytes.Equal(got, []byte(newContent))) {
					t.Errorf("read %d bytes (%v), neither the old nor the new file", len(got), err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(done)
	readers.Wait()
}

// TestErrorNamesTheTarget: a failed write's error names the file asked
// for, not the hidden temporary file it failed on.
func TestErrorNamesTheTarget(t *testing.T) {
	dir := t.TempDir()
	notDir := filepath.Join(dir, "plain")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(notDir, "m.json")
	err := WriteFile(path, []byte("x"))
	if err == nil || !strings.HasPrefix(err.Error(), "write "+path+": ") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("error %v, want it to name %s and no temporary file", err, path)
	}
}

// TestKilledWritersLeftoverRemoved: the temporary file a killed process
// left is removed by the next write of the same file; one of a process
// still running stays.
func TestKilledWritersLeftoverRemoved(t *testing.T) {
	dir, path := withOld(t)
	// A process that has ended: its pid is free (until reused, which a
	// test run does not wait for).
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip(err)
	}
	dead := filepath.Join(dir, tempPrefix("model.json", cmd.Process.Pid)+"123")
	alive := filepath.Join(dir, tempPrefix("model.json", os.Getppid())+"456")
	for _, p := range []string{dead, alive} {
		if err := os.WriteFile(p, []byte("torn"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := WriteFile(path, []byte(newContent)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dead); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the killed writer's temporary file is still there: %v", err)
	}
	if _, err := os.Stat(alive); err != nil {
		t.Errorf("a live writer's temporary file was removed: %v", err)
	}
}
