package env

import (
	"slices"
	"testing"
)

func TestActionRow(t *testing.T) {
	state := []FeatureDoc{Feature("a", 0, 1, "first"), Feature("b", 0, 2, "second"), Feature("c", 0, 3, "third")}
	own := []FeatureDoc{Feature("x", -1, 1, "own")}
	docs := ActionRowDocs(state, []int{2, 0}, 9, own)
	if names := []string{docs[0].Name, docs[1].Name, docs[2].Name, docs[3].Name}; !slices.Equal(names, []string{"c", "a", "n_legal", "x"}) || docs[2].Hi != 9 {
		t.Fatalf("docs %v", docs)
	}
	buf := make([]float64, 0, 8)
	row, ownRow := AppendActionRow(buf, []float64{10, 20, 30}, []int{2, 0}, 5, 2, -1)
	if !slices.Equal(row, []float64{30, 10, 5, -1, -1}) || len(ownRow) != 2 {
		t.Fatalf("row %v, own %v", row, ownRow)
	}
	ownRow[0] = 7
	if row[3] != 7 || Flag(true) != 1 || Flag(false) != 0 {
		t.Fatal("own is not the row's tail")
	}
	if n := testing.AllocsPerRun(10, func() { row, _ = AppendActionRow(row, []float64{10, 20, 30}, []int{2, 0}, 5, 2, -1) }); n != 0 {
		t.Fatalf("AppendActionRow allocates %v times into a buffer with room", n)
	}
}
