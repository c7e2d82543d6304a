package stnazaire

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDefaultDataLoads(t *testing.T) {
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	// The rules name these; the reconstruction must honour them.
	for _, obj := range []int8{6, 8, 9, 14, 15, 17} {
		n := 0
		for _, sp := range d.Spaces {
			if sp.Objective == obj {
				n++
			}
		}
		if n != 1 {
			t.Errorf("space %d (8.1) appears %d times", obj, n)
		}
	}
	for c := byte('A'); c <= 'T'; c++ {
		n := 0
		for _, sp := range d.Spaces {
			if sp.Setup == c {
				n++
			}
		}
		if n != 1 {
			t.Errorf("setup area %c appears %d times", c, n)
		}
	}
	for obj := 1; obj <= maxObj; obj++ {
		if d.ObjName[obj] == "" {
			t.Errorf("objective #%d has no entry", obj)
		}
	}
	if d.birney < 0 || d.flak12 < 0 || d.newman < 0 {
		t.Fatal("Birney, FlaK #12 and Newman must be in the data")
	}
	if !d.moveLinked[d.LandingSpace[OldMole]][d.German[d.flak12].Setup] {
		t.Error("FlaK #12 must stand next to the Old Mole landing (5.2.2)")
	}
}

// TestDataValidation breaks the default data one way at a time and checks
// each gives an error naming the problem.
func TestDataValidation(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(f *DataFile)
		want   string
	}{
		{"unknown link end", func(f *DataFile) { f.Links[0].B = "NOWHERE" }, "unknown space"},
		{"self link", func(f *DataFile) { f.Links[0].B = f.Links[0].A }, "itself"},
		{"bad link kind", func(f *DataFile) { f.Links[0].Kind = "tunnel" }, "kind"},
		{"duplicate space", func(f *DataFile) { f.Spaces[1].ID = f.Spaces[0].ID }, "duplicate id"},
		{"bad shape", func(f *DataFile) { f.Spaces[0].Shape = "hex" }, "shape"},
		{"setup twice", func(f *DataFile) {
			for i := range f.Spaces {
				if f.Spaces[i].Setup == "B" {
					f.Spaces[i].Setup = "A"
				}
			}
		}, "setup area A used twice"},
		{"bad CRT cell", func(f *DataFile) { f.CRT.Rows[3][2] = "X" }, "crt"},
		{"ragged CRT", func(f *DataFile) { f.CRT.Rows[3] = f.CRT.Rows[3][:2] }, "crt"},
		{"bad group", func(f *DataFile) { f.British[0].Group = "beach" }, "group"},
		{"bad strength", func(f *DataFile) { f.British[0].Reduced = f.British[0].Full }, "strengths"},
		{"order gap", func(f *DataFile) { f.British[0].Order = 40 }, "landing order"},
		{"unknown class", func(f *DataFile) { f.German[20].Class = "ss" }, "class"},
		{"unknown objective", func(f *DataFile) { f.British[0].Objective = 99 }, "objective"},
		{"landing table", func(f *DataFile) { f.Landing.OldMole.Results[0] = "swam" }, "landing"},
		{"reinforcements", func(f *DataFile) { f.Reinforcements.Areas[0] = "E/F" }, "reinforcements"},
		{"unreachable", func(f *DataFile) {
			f.Spaces = append(f.Spaces, SpaceDef{ID: "ISLAND", Shape: "round", Source: "test"})
		}, "not reachable"},
		{"draw area", func(f *DataFile) { f.Draws[0].Areas = "Z" }, "setup area"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var f DataFile
			if err := json.Unmarshal(defaultData, &f); err != nil {
				t.Fatal(err)
			}
			tc.break_(&f)
			b, err := json.Marshal(f)
			if err != nil {
				t.Fatal(err)
			}
			_, err = ParseData(b)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one mentioning %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error must be one line: %q", err)
			}
		})
	}
	if _, err := ParseData([]byte(`{"name":"x","bogus":1}`)); err == nil || !strings.Contains(err.Error(), "bogus") {
		t.Fatalf("unknown fields must be rejected: %v", err)
	}
}
