package learned

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chariot-ai/chariot/env/envtest"
	"github.com/chariot-ai/chariot/train/model"
)

// TestCacheIsBounded opens more model files than the cache keeps, from
// several goroutines (run it with -race): the cache keeps at most
// cacheSize models, and every Open still gets its file's model.
func TestCacheIsBounded(t *testing.T) {
	policy, _ := models(t)
	b, err := os.ReadFile(policy)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var paths []string
	for i := range cacheSize + 6 {
		p := filepath.Join(dir, fmt.Sprintf("policy-%d.json", i))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	g := envtest.NewGame(t, "pig")
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 3 * len(paths) {
				if _, err := Open(paths[(w+i)%len(paths)], g, model.Policy); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	cache.Lock()
	n := len(cache.entries)
	cache.Unlock()
	if n > cacheSize {
		t.Errorf("the cache holds %d models, want at most %d", n, cacheSize)
	}
}

// TestCacheSeesAReplacedFile: a model file replaced by another (an
// atomic save makes a new file) is loaded again, not served stale.
func TestCacheSeesAReplacedFile(t *testing.T) {
	policy, value := models(t)
	g := envtest.NewGame(t, "pig")
	p := filepath.Join(t.TempDir(), "m.json")
	copyFile := func(from string) {
		b, err := os.ReadFile(from)
		if err == nil {
			err = os.WriteFile(p+".new", b, 0o644)
		}
		if err == nil {
			err = os.Rename(p+".new", p)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	copyFile(policy)
	if _, err := Open(p, g, model.Policy); err != nil {
		t.Fatal(err)
	}
	copyFile(value)
	if _, err := Open(p, g, model.Policy); err == nil || !strings.Contains(err.Error(), "is a value model") {
		t.Errorf("after the file was replaced by a value model: %v", err)
	}
}
