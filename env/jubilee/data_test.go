package jubilee

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDefaultDataHonoursTheText: every hex, box and position the rules
// name is in the reconstructed data where the text puts it.
func TestDefaultDataHonoursTheText(t *testing.T) {
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	beach := func(id string) bool { h, ok := d.hexIdx[id]; return ok && d.Hexes[h].Terrain == tBeach }
	for _, id := range []string{"0512", "0513", "0421", "0422", "0423", "1503"} {
		if !beach(id) {
			t.Errorf("%s should be a beach hex (10.8, 10.13, 12.8)", id)
		}
	}
	box := func(id string) int8 { return d.Hexes[d.hexIdx[id]].Box }
	if b := box("0421"); b < 0 || d.Boxes[b].ID != "W2" {
		t.Error("10.8: 0421 connects to W2")
	}
	if box("0422") >= 0 || box("0423") >= 0 {
		t.Error("10.8: 0422 and 0423 have no box with ID letters")
	}
	if b := box("1503"); b < 0 || d.Boxes[b].ID != "Y1" {
		t.Error("10.13: 1503 connects to Y1")
	}
	for _, c := range []struct {
		id, battery string
		letter      byte
	}{{"1706", "Goebbels", 'Y'}, {"1738", "Hess", 'O'}, {"0517", "", 'C'}, {"0620", "", 'C'}, {"0522", "", 'C'}} {
		p := d.Hexes[d.hexIdx[c.id]].Pos
		if p < 0 || d.Positions[p].Battery != c.battery || d.Positions[p].Letter != c.letter {
			t.Errorf("%s: position with battery %q and letter %c (3.2, 7.1)", c.id, c.battery, c.letter)
		}
	}
	if d.VPByMap[1] < 25 || d.VPByMap[1] < 12 {
		t.Errorf("Dieppe map objectives %d VP: 12.2 and 14.2 must be reachable", d.VPByMap[1])
	}
}

// TestDataValidation breaks the default data one way at a time; each gives
// a one-line error naming the problem.
func TestDataValidation(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(f *DataFile)
		want   string
	}{
		{"bad terrain", func(f *DataFile) { f.Maps[0].Rows[0] = "~~x~~~~~" }, "unknown terrain"},
		{"hexside not adjacent", func(f *DataFile) { f.Hexsides[0].B = "1706" }, "not adjacent"},
		{"unknown hexside kind", func(f *DataFile) { f.Hexsides[0].Kind = "moat" }, "unknown kind"},
		{"box on land", func(f *DataFile) { f.Boxes[0].Beach = "1706" }, "not a beach"},
		{"position VP", func(f *DataFile) { f.Position[0].VP = 7 }, "outside 2..5"},
		{"field too wide", func(f *DataFile) { f.Position[0].Field = 4 }, "outside 1..3"},
		{"arrow nowhere", func(f *DataFile) { f.Position[0].Arrows = []string{"0101"} }, "unknown hex"},
		{"letters unbalanced", func(f *DataFile) { f.German[0].Letter = "O" }, "positions and units differ"},
		{"coastal letter", func(f *DataFile) { f.German[1].Type = "coastal" }, "letter C"},
		{"duplicate unit", func(f *DataFile) { f.CW[1].Name = f.CW[0].Name }, "repeated"},
		{"box without ID", func(f *DataFile) { f.CW[0].Box = "-0422" }, "only boxes with ID letters"},
		{"one colour chit", func(f *DataFile) { f.Chits[0].Colours = f.Chits[0].Colours[:1] }, "two or three"},
		{"depth chit areas", func(f *DataFile) { f.Chits[20].Areas = []string{"Paris", "Blue"} }, "unknown area"},
		{"disposition rows", func(f *DataFile) { f.Disposition = f.Disposition[:5] }, "want 6 rows"},
		{"landing result", func(f *DataFile) { f.Landing.Tank[0] = "sunk" }, "unknown result"},
		{"attack code", func(f *DataFile) { f.Attack.Met[0][0] = "XX" }, "unknown result"},
		{"levels order", func(f *DataFile) { f.Levels[1].Min = 100 }, "descending"},
		{"road off the edge", func(f *DataFile) { f.Roads[5].Hexes = []string{"1029"} }, "not on its edge"},
	}
	for _, c := range cases {
		var f DataFile
		if err := json.Unmarshal(defaultData, &f); err != nil {
			t.Fatal(err)
		}
		c.break_(&f)
		b, _ := json.Marshal(&f)
		_, err := ParseData(b)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line containing %q", c.name, err, c.want)
		}
	}
}
