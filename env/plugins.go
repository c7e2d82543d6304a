package env

import (
	"strconv"

	"github.com/chariot-ai/chariot/internal/rng"
)

// Optional interfaces: what only a game can know, offered to the generic
// packages (search, train, advise, eval) without their knowing the game. A
// generic package checks for each with a type assertion and falls back to a
// default that works for every game. A game never imports those packages.

// Seater is implemented by games that name their seats ("British",
// "German"), for reports, logs and the advisor. Without it seats are called
// "seat 0", "seat 1", ...
type Seater interface {
	SeatNames() []string
}

// SeatName names seat p of g, by Seater where the game offers it.
func SeatName(g Game, p Player) string {
	if s, ok := g.(Seater); ok {
		if n := s.SeatNames(); int(p) >= 0 && int(p) < len(n) {
			return n[p]
		}
	}
	switch p {
	case Chance:
		return "chance"
	case Terminal:
		return "nobody"
	}
	return "seat " + strconv.Itoa(int(p))
}

// Shaper is implemented by games whose observation is a grid of channels:
// ObservationShape gives its dimensions (channels × height × width for a
// hex or area map), whose product is ObservationSize. Without it the
// observation is flat: [ObservationSize()].
type Shaper interface {
	ObservationShape() []int
}

// ObservationShape is g's observation shape, flat where the game gives none.
func ObservationShape(g Game) []int {
	if s, ok := g.(Shaper); ok {
		return s.ObservationShape()
	}
	return []int{g.ObservationSize()}
}

// LeafValuer is implemented by states that can estimate their final returns
// before the end, for a search cut off at a depth: one value per seat, on
// the scale of Returns. It must be cheap, deterministic and safe to call on
// a state that no other goroutine uses.
type LeafValuer interface {
	LeafValue() []float64
}

// DecisionKinds is implemented by games whose decisions fall into kinds a
// player would name ("move", "fire", "landing box"), listed here; the
// game's states then implement DecisionKinder. A search can be told which
// kinds to search, a plan playing the others (search option at).
type DecisionKinds interface {
	DecisionKinds() []string
}

// DecisionKinder names the kind of the decision pending in a state, one of
// its game's DecisionKinds ("" at a chance node or the end).
type DecisionKinder interface {
	DecisionKind() string
}

// RandomPlayer is implemented by states that can play a uniform random
// game to its end themselves, faster than a loop of LegalActions and
// Apply: a plain search's random rollout, its hot loop, calls it. Each
// decision is uniform over the legal actions and each chance outcome drawn
// by its probability, as the loop would, so the final returns are
// distributed as the loop's (envtest compares them); the game played is
// fixed by src's state, which it advances. Connect Four draws its moves
// from a stream seeded by one draw of src.
type RandomPlayer interface {
	PlayRandom(src *rng.PCG)
}

// Narrator is implemented by states that can say, in the printed game's
// words, what the action that led to them did. before is the state the
// action was applied to; the receiver is the state after. The account is
// lines joined by "\n", none blank and none with leading or trailing
// space:
//
//   - The first line says what was done or what came up ("Roderick fires
//     at KM 3, roll 7"). After a chance outcome it is never missing, and it
//     names the outcome: it holds, as whole words, the outcome's
//     ActionString or its name, or for a die face its number ("Birney
//     rolls 7"; OutcomeLabel).
//   - Each further line is one change a person makes on the table
//     ("KM 3 pinned", "Birney moves to Old Mole").
//   - The table is the pieces (PieceLister: each piece's side, name, label
//     and place; which one is active aside) and the score's value. When
//     the table changed, the account has at least one change line.
//   - When it did not, a die's account is its first line alone, and a
//     decision's (choosing which unit acts next) may be empty.
type Narrator interface {
	Narrate(before State, a Action) string
}

// RuleBot is implemented by states of games whose rules prescribe how a
// seat plays (the automated side of a solitaire game opened as a seat with
// an option such as opponent=seat). RuleAction is the action the rules
// choose for the current seat. Where the rules break a tie with a die,
// the game keeps that die as a chance node, so RuleAction needs no
// randomness of its own.
type RuleBot interface {
	RuleAction() (Action, error)
}

// Caveats is implemented by games whose data (map, counters, tables) is
// partly reconstructed: each line tells a person playing the printed game
// what may differ from their copy.
type Caveats interface {
	Caveats() []string
}

// FeatureDoc documents one learning feature: its name, the range of its
// values and what it means.
type FeatureDoc struct {
	Name    string
	Lo, Hi  float64
	Meaning string
}

// Featurer is implemented by games that offer their own learning features,
// richer than the generic default (the observation and the action index).
// NewFeatureEncoder returns an encoder of seat p's view with its own
// scratch space (one per goroutine), or nil where the game has no features
// of its own for p.
type Featurer interface {
	NewFeatureEncoder(p Player) FeatureEncoder
}

// FeatureEncoder writes a state's features, and a candidate action's
// features in that state, for learned value and policy models.
type FeatureEncoder interface {
	// Version numbers the encoding; it changes whenever a feature is added,
	// removed or redefined, and model files record it.
	Version() int
	// StateDocs and ActionDocs describe the features, in order.
	StateDocs() []FeatureDoc
	ActionDocs() []FeatureDoc
	// Reset prepares the encoder for state s (which must not change while
	// the encoder reads it); EncodeState and EncodeAction then read s.
	Reset(s State)
	// EncodeState appends the state's features, seen by the encoder's
	// seat, to buf[:0].
	EncodeState(buf []float64) []float64
	// EncodeAction appends the features of legal action a (of the
	// encoder's seat, to move in s) to buf[:0].
	EncodeAction(a Action, buf []float64) []float64
}

// BoardDrawer is implemented by games whose board can be drawn from data:
// the advisor's web page draws any game's map with it.
type BoardDrawer interface {
	Board() Board
}

// Board kinds.
const (
	BoardPoints = "points" // spaces joined by links (a point-to-point map)
	BoardHexes  = "hexes"  // a hex grid; Cells carry hex centres
	BoardAreas  = "areas"  // areas drawn as polygons, joined by borders
	BoardTable  = "table"  // a miniatures tabletop in inches; pieces have X, Y
	BoardTrack  = "track"  // a score track or grid with no geometry to speak of
)

// Board is an immutable description of a game's map for drawing. Coordinates
// are in the board's own units (inches for a tabletop), origin top left, y
// down; the page scales them to fit.
type Board struct {
	Kind   string  `json:"kind"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	// HexSize is the centre-to-corner radius of a hex, for BoardHexes.
	HexSize float64 `json:"hex_size,omitempty"`
	Cells   []Cell  `json:"cells"`
	Links   []Link  `json:"links,omitempty"`
	// Shapes are terrain drawn under the cells: buildings, water, woods.
	Shapes []Shape `json:"shapes,omitempty"`
	// Legend maps a kind of cell or link to what it means ("exit": "exit
	// box"), or to the colour the page fills that kind of cell with
	// ("beach": "#e8d9a0"), for the key under the map.
	Legend map[string]string `json:"legend,omitempty"`
}

// Cell is one space, hex or area.
type Cell struct {
	ID   string  `json:"id"`
	Name string  `json:"name"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	// Kind styles the cell ("beach", "town", "objective", "exit", ...).
	Kind string `json:"kind,omitempty"`
	// Label is a short mark printed on it (an objective number).
	Label string `json:"label,omitempty"`
	// Polygon outlines an area, as x, y pairs; empty for points and hexes.
	Polygon [][2]float64 `json:"polygon,omitempty"`
}

// Link joins two cells by index; Kind styles it ("move", "fire", "road").
type Link struct {
	A    int    `json:"a"`
	B    int    `json:"b"`
	Kind string `json:"kind,omitempty"`
}

// Shape is terrain drawn as a polygon or a circle (Radius > 0 at X, Y).
type Shape struct {
	Kind    string       `json:"kind"`
	Name    string       `json:"name,omitempty"`
	Polygon [][2]float64 `json:"polygon,omitempty"`
	X       float64      `json:"x,omitempty"`
	Y       float64      `json:"y,omitempty"`
	Radius  float64      `json:"radius,omitempty"`
}

// BoardActioner is implemented by states whose decisions can be made on
// the map: ActionCell is the index of the board cell that legal action a
// points at (a destination, a target, a square), or -1, so that a page can
// play it by a click. A click on a cell plays the one legal action that
// points at it, or marks the several that do in the list of moves, so each
// action's cell must be one its ActionString names (by the cell's Name or
// ID), and an action whose ActionString names a cell points at one.
type BoardActioner interface {
	ActionCell(a Action) int
}

// PieceLister is implemented by states that can list the pieces on the
// board, as a person at the table sees them (face-down counters hidden).
// The game is a BoardDrawer, and every piece lies on its board: Cell is
// one of its cells, or -1 for a figure at X, Y within a table's width and
// height or a piece off the map (not drawn). The pieces of each cell are
// drawn as one stack, and stacks (and figures' names) must find places
// that overlap no other, as envtest's layout, the web page's, finds them.
type PieceLister interface {
	Pieces() []Piece
}

// Piece is one counter or figure on the board.
type Piece struct {
	// Side names the owner as the printed game does ("British", "German").
	Side string `json:"side"`
	// Name is the counter's printed name; Label adds its strength or state
	// ("3", "2 reduced, pinned"). A hidden counter has Name "?".
	Name  string `json:"name"`
	Label string `json:"label,omitempty"`
	// Cell is the index of the cell it stands on, or -1 when placed by X, Y
	// (a miniatures table) or off the map.
	Cell int     `json:"cell"`
	X    float64 `json:"x,omitempty"`
	Y    float64 `json:"y,omitempty"`
	// Active marks the piece deciding now.
	Active bool `json:"active,omitempty"`
}
