package regular

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestRefusesDevicesAndFIFOs: /dev/zero and a FIFO are refused at once,
// not read until the memory runs out or waited on forever.
func TestRefusesDevicesAndFIFOs(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/dev/zero", fifo, t.TempDir()} {
		if _, err := ReadFile(path, 1<<20); !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadFile(%s): %v, want %v", path, err, ErrNotRegular)
		}
		if err := Check(path); !errors.Is(err, ErrNotRegular) {
			t.Errorf("Check(%s): %v, want %v", path, err, ErrNotRegular)
		}
	}
}

// TestLimit: a file over the limit is refused, one at it is read.
func TestLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.json")
	if err := os.WriteFile(path, make([]byte, 2048), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(path, 2048); err != nil || len(data) != 2048 {
		t.Errorf("at the limit: %d bytes, %v", len(data), err)
	}
	_, err := ReadFile(path, 1024)
	var big *TooLargeError
	if !errors.As(err, &big) || err.Error() != path+": larger than 1 KB, more than this file can be" {
		t.Errorf("over the limit: %v", err)
	}
	if err := Check(filepath.Join(t.TempDir(), "absent")); err != nil {
		t.Errorf("an absent output: %v", err)
	}
}
