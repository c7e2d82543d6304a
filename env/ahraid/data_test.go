package ahraid

import (
	"bytes"
	"strings"
	"testing"
)

// TestDefaultDataHoldsTheAidsFigures: what the aid fixes is in the data.
func TestDefaultDataHoldsTheAidsFigures(t *testing.T) {
	d := Default().Data()
	if len(d.Boats) != 18 || d.Boats[0].Kind != bkDestroyer || d.Boats[0].MF != 2 {
		t.Fatal("the aid's 18 boats, the destroyer first at top speed 2")
	}
	for _, id := range []string{"111", "315", "336", "366", "407", "410", "412", "443"} {
		if d.AreaIndex(id) < 0 {
			t.Errorf("the aid's area %s is missing", id)
		}
	}
	if len(d.pens) != 3 {
		t.Fatalf("%d hexagonal areas, the aid's pens rule names 3", len(d.pens))
	}
	towers := 0
	for _, g := range d.Guns {
		if g.Kind == kTower {
			towers++
			if d.Areas[g.Area].Zone != 4 {
				t.Errorf("%s outside zone 4", g.Name)
			}
		}
	}
	if towers != 5 {
		t.Fatalf("%d towers, the aid says 5", towers)
	}
	if d.searchlight412 < 0 || d.Objectives[d.power].Area != int8(d.AreaIndex("315")) || d.crewArea != int8(d.AreaIndex("443")) {
		t.Fatal("searchlight 412, the power station in 315, crews to 443")
	}
	if d.File.VictoryVP != 70 {
		t.Fatal("70 VP to win")
	}
	// Every entry says where it comes from.
	for _, a := range d.File.Areas {
		if a.Source != "aid" && a.Source != "reconstructed" {
			t.Errorf("area %s: source %q", a.ID, a.Source)
		}
	}
}

// TestBadDataIsAOneLineError: broken data files are refused with a clear
// one-line error, never a panic.
func TestBadDataIsAOneLineError(t *testing.T) {
	cases := map[string][]byte{
		"not json":      []byte("{"),
		"unknown field": bytes.Replace(defaultJSON, []byte(`"victory_vp"`), []byte(`"victory"`), 1),
		"unknown area":  bytes.Replace(defaultJSON, []byte(`"a": "111"`), []byte(`"a": "999"`), 1),
		"bad shape":     bytes.Replace(defaultJSON, []byte(`"shape": "circle"`), []byte(`"shape": "oval"`), 1),
		"bad table row": bytes.Replace(defaultJSON, []byte(`"england"`), []byte(`"heaven"`), 1),
		"empty":         []byte(`{}`),
	}
	for name, b := range cases {
		_, err := ParseData(b)
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error spans lines: %v", name, err)
		}
	}
}

func TestClock(t *testing.T) {
	d := Default().Data()
	for turn, want := range map[int]string{1: "0128", 4: "0146", 5: "0152", 10: "0222", 20: "0322"} {
		if d.Clock(turn) != want {
			t.Errorf("turn %d: %s, want %s", turn, d.Clock(turn), want)
		}
	}
}
