package model

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// TestConcurrentSavesLeaveAWholeModel: several writers of one model file
// (two runs sharing a directory) each replace it whole; none fails or
// leaves the others a torn or vanished file, and no temporary file stays.
func TestConcurrentSavesLeaveAWholeModel(t *testing.T) {
	m, err := TrainValue(smallData(t, 4), smallTrain())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "value.json")
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				if err := m.Save(path); err != nil {
					t.Error(err)
					return
				}
				if _, err := Load(path); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory, want only value.json", len(entries))
	}
}
