package envtest

import (
	"fmt"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/chariot-ai/chariot/env"
)

// The pieces of a position as the advisor's page draws them
// (advise/web/static/app.js, drawPieces): the board is scaled into a
// drawing 1000 units wide with a margin of 40; the pieces of a cell are one
// stack, a column of chips 15 high each, as wide as the widest label
// (5.2 a character and 10 more, at least 40: the page's 8.5-unit font
// measures less, so this errs wide); a figure on a table is a dot of
// radius 6 with its name, 11 high, beside it. Each figure's name and each
// stack, the largest stacks first, take the first place in a fixed list
// (inside the cell for hexes, areas and tracks, then below, above, right
// and left of it, further out each round) that overlaps nothing placed
// before. Where none is free the page draws it over another: that is the
// overlap the suite reports.
const (
	drawWidth  = 1000
	drawPad    = 40
	drawMaxH   = 1400
	stackChipH = 15
	figureH    = 11
)

type rect struct{ x, y, w, h float64 }

func (r rect) overlaps(q rect) bool {
	return r.x < q.x+q.w && q.x < r.x+r.w && r.y < q.y+q.h && q.y < r.y+r.h
}

// chipWidth is the width of a chip that shows label whole.
func chipWidth(label string) float64 {
	return math.Max(40, 5.2*float64(utf8.RuneCountInString(label))+10)
}

// drawing maps board coordinates into the page's drawing.
type drawing struct {
	b          env.Board
	k, ox, oy  float64
	cellRadius float64
}

func newDrawing(b env.Board) drawing {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	see := func(x, y float64) {
		x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
	}
	for _, c := range b.Cells {
		see(c.X, c.Y)
		for _, p := range c.Polygon {
			see(p[0], p[1])
		}
	}
	for _, sh := range b.Shapes {
		for _, p := range sh.Polygon {
			see(p[0], p[1])
		}
		if sh.Radius > 0 {
			see(sh.X-sh.Radius, sh.Y-sh.Radius)
			see(sh.X+sh.Radius, sh.Y+sh.Radius)
		}
	}
	if b.Kind == env.BoardTable || b.Kind == env.BoardTrack {
		see(0, 0)
		see(b.Width, b.Height)
	}
	if b.Kind == env.BoardHexes {
		x0, y0, x1, y1 = x0-b.HexSize, y0-b.HexSize, x1+b.HexSize, y1+b.HexSize
	}
	if math.IsInf(x0, 0) {
		x0, y0, x1, y1 = 0, 0, 1, 1
	}
	bw, bh := math.Max(x1-x0, 1e-9), math.Max(y1-y0, 1e-9)
	k := math.Min((drawWidth-2*drawPad)/bw, drawMaxH/bh)
	d := drawing{b: b, k: k, ox: drawPad - x0*k, oy: drawPad - y0*k, cellRadius: 12}
	switch b.Kind {
	case env.BoardHexes:
		hs := b.HexSize
		if hs == 0 {
			hs = 0.5
		}
		d.cellRadius = hs * k
	case env.BoardTrack:
		d.cellRadius = 0.45 * k
	}
	return d
}

func (d drawing) at(x, y float64) (float64, float64) { return d.ox + x*d.k, d.oy + y*d.k }

// checkLayout lays the pieces out as the page does and reports the first
// figure's name or stack that finds no place free of others.
func checkLayout(b env.Board, pieces []env.Piece) error {
	d := newDrawing(b)
	var placed []rect
	free := func(tries []rect) (rect, bool) {
		for _, r := range tries {
			if !slices.ContainsFunc(placed, r.overlaps) {
				return r, true
			}
		}
		return rect{}, false
	}
	byCell := map[int][]env.Piece{}
	for _, p := range pieces {
		if p.Side == "marker" {
			continue
		}
		if p.Cell >= 0 {
			byCell[p.Cell] = append(byCell[p.Cell], p)
			continue
		}
		if b.Kind != env.BoardTable {
			continue
		}
		x, y := d.at(p.X, p.Y)
		w, h := chipWidth(p.Name)-8, float64(figureH)
		var tries []rect
		for i := range 4 {
			k := float64(i)
			tries = append(tries, rect{x - w/2, y - 8 - h - k*11, w, h}, rect{x - w/2, y + 8 + k*11, w, h},
				rect{x + 9 + k*12, y - h/2, w, h}, rect{x - 9 - w - k*12, y - h/2, w, h})
		}
		box, ok := free(tries)
		if !ok {
			return fmt.Errorf("the name of %s %s at (%g, %g) overlaps another wherever the page puts it", p.Side, p.Name, p.X, p.Y)
		}
		placed = append(placed, box, rect{x - 6, y - 6, 12, 12})
	}
	cells := make([]int, 0, len(byCell))
	for c := range byCell {
		cells = append(cells, c)
	}
	slices.Sort(cells)
	slices.SortStableFunc(cells, func(a, b int) int { return len(byCell[b]) - len(byCell[a]) })
	inside := b.Kind != env.BoardPoints
	for _, ci := range cells {
		list := byCell[ci]
		c := b.Cells[ci]
		x, y := d.at(c.X, c.Y)
		w := 0.0
		for _, p := range list {
			label := p.Name
			if p.Label != "" {
				label += " " + p.Label
			}
			w = math.Max(w, chipWidth(label))
		}
		h := float64(stackChipH * len(list))
		var tries []rect
		gap := 18.0
		if inside {
			tries = append(tries, rect{x - w/2, y - h/2, w, h})
			gap = d.cellRadius
		}
		for i := range 6 {
			k := float64(i)
			tries = append(tries, rect{x - w/2, y + gap + k*16, w, h}, rect{x - w/2, y - gap - h - k*16, w, h},
				rect{x + gap + k*20, y - h/2, w, h}, rect{x - gap - w - k*20, y - h/2, w, h})
		}
		box, ok := free(tries)
		if !ok {
			return fmt.Errorf("the stack of %d at %s (%s) overlaps another wherever the page puts it", len(list), c.Name, list[0].Name)
		}
		placed = append(placed, box)
	}
	return nil
}
