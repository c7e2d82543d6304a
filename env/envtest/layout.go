package envtest

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/chariot-ai/chariot/env"
)

// The pieces of a position as the advisor's page draws them
// (advise/web/static/app.js, drawPieces), in a map 1000 wide and at most 900
// high (a wide window's), with the page's margins. The pieces of a cell are
// one chip 16 high that names the top piece (at most 150 wide, 5.2 a
// character and 10 more: the page's font measures less, so this errs wide),
// with a badge counting the stack; a figure on a table is a dot of radius 6
// with its name, 12 high, beside it. Each figure's name, then each chip in
// the order of its cell, takes the first place of the page's list (inside
// the cell for hexes, areas and tracks, then below, above, right and left of
// it, then on 14 rings further out) that lies inside the drawing and
// overlaps nothing placed before. Where none is free the page draws it over
// another: that is the overlap the suite reports.
const (
	drawWidth  = 1000
	drawHeight = 900
	chipH      = 16
	chipMaxW   = 150
	figureH    = 12
)

type rect struct{ x, y, w, h float64 }

func (r rect) overlaps(q rect) bool {
	return r.x < q.x+q.w && q.x < r.x+r.w && r.y < q.y+q.h && q.y < r.y+r.h
}

// textWidth estimates the width of a chip's or a name's text.
func textWidth(text string) float64 { return 5.2 * float64(utf8.RuneCountInString(text)) }

// drawing maps board coordinates into the page's drawing.
type drawing struct {
	b          env.Board
	k, ox, oy  float64
	w, h       float64 // the whole drawing
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
	// The page's margin: room for names and chips at the edge.
	pad := 14.0
	switch b.Kind {
	case env.BoardPoints:
		pad = 60
	case env.BoardTable:
		pad = 24
	}
	k := math.Min((drawWidth-2*pad)/bw, (drawHeight-2*pad)/bh)
	d := drawing{b: b, k: k, ox: pad - x0*k, oy: pad - y0*k, w: bw*k + 2*pad, h: bh*k + 2*pad, cellRadius: 12}
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

// cellRadius is the radius the page gives a cell of d's board.
func (d drawing) radius() float64 {
	switch d.b.Kind {
	case env.BoardHexes, env.BoardTrack:
		return d.cellRadius
	}
	return math.Max(7, math.Min(11, d.k*0.012*math.Max(math.Max(d.b.Width, d.b.Height), 1)))
}

// around lists boxes of w × h near (x, y), nearest first, as the page's
// function of that name does.
func around(x, y, w, h, gap float64, within bool) []rect {
	var out []rect
	if within {
		out = append(out, rect{x - w/2, y - h/2, w, h})
	}
	out = append(out, rect{x - w/2, y + gap, w, h}, rect{x - w/2, y - gap - h, w, h},
		rect{x + gap, y - h/2, w, h}, rect{x - gap - w, y - h/2, w, h})
	for ring := 1; ring <= 14; ring++ {
		r := gap + float64(ring)*9 + h/2
		n := 8 + 4*ring
		for i := range n {
			k := math.Ceil(float64(i) / 2)
			if i%2 == 1 {
				k = -k
			}
			a := math.Pi/2 + k*2*math.Pi/float64(n)
			cx, cy := x+math.Cos(a)*(r+w/2*math.Abs(math.Cos(a))), y+math.Sin(a)*r
			out = append(out, rect{cx - w/2, cy - h/2, w, h})
		}
	}
	return out
}

// checkLayout lays the pieces out as the page does and reports the first
// figure's name or stack that finds no place free of others.
func checkLayout(b env.Board, pieces []env.Piece) error {
	d := newDrawing(b)
	inside := func(r rect) bool { return r.x >= 1 && r.y >= 1 && r.x+r.w <= d.w-1 && r.y+r.h <= d.h-1 }
	var placed []rect
	free := func(tries []rect) (rect, bool) {
		for _, r := range tries {
			if inside(r) && !slices.ContainsFunc(placed, r.overlaps) {
				return r, true
			}
		}
		return rect{}, false
	}
	byCell := map[int][]env.Piece{}
	var figures []env.Piece
	for _, p := range pieces {
		switch {
		case p.Side == "marker":
		case p.Cell >= 0:
			byCell[p.Cell] = append(byCell[p.Cell], p)
		case b.Kind == env.BoardTable:
			figures = append(figures, p)
		}
	}
	for _, p := range figures {
		x, y := d.at(p.X, p.Y)
		placed = append(placed, rect{x - 6, y - 6, 12, 12})
	}
	for _, p := range figures {
		x, y := d.at(p.X, p.Y)
		box, ok := free(around(x, y, textWidth(p.Name)+4, figureH, 8, false))
		if !ok {
			return fmt.Errorf("the name of %s %s at (%g, %g) overlaps another wherever the page puts it", p.Side, p.Name, p.X, p.Y)
		}
		placed = append(placed, box)
	}
	cells := make([]int, 0, len(byCell))
	for c := range byCell {
		cells = append(cells, c)
	}
	slices.Sort(cells)
	within := b.Kind != env.BoardPoints && b.Kind != env.BoardTable
	gap := d.radius() + 2
	if within {
		gap = d.radius() * 0.5
	}
	for _, ci := range cells {
		list := byCell[ci]
		top := list[0]
		for _, p := range list {
			if p.Active {
				top = p
				break
			}
		}
		label := top.Name
		if top.Label != "" {
			label += " " + top.Label
		}
		w := math.Min(chipMaxW, textWidth(label)) + 10
		if len(list) > 1 {
			w += textWidth(strconv.Itoa(len(list))) + 10
		}
		c := b.Cells[ci]
		x, y := d.at(c.X, c.Y)
		box, ok := free(around(x, y, w, chipH, gap, within))
		if !ok {
			return fmt.Errorf("the stack of %d at %s (%s) overlaps another wherever the page puts it", len(list), c.Name, top.Name)
		}
		placed = append(placed, box)
	}
	return nil
}
