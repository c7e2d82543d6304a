package eval

import (
	"math"
)

// Match compares agents that met in the same games: for every pair of
// seats held by two different agents, the one whose return is higher wins
// that game against the other, equal returns are a draw.
type Match struct {
	// Agents are the agents met, in the order first seen.
	Agents []string
	// Pairs[i][j] counts agent i's results against agent j (i ≠ j).
	Pairs [][]Record
	// Ratings are Bradley–Terry ratings on the Elo scale, one per agent,
	// the first agent at 0, with the half-width of their 95% intervals
	// (the first agent's is 0).
	Ratings, RatingHalf []float64
	// Seats counts the results by seat: Seats[p] is the record of the
	// agent at seat p against the agents of the later seats, summed over
	// every game, so a first-mover advantage shows even where swapping
	// seats cancels it from Pairs.
	Seats []Record
}

// Record counts wins, draws and losses.
type Record struct{ Win, Draw, Loss int }

// Games is the number of games of a record.
func (r Record) Games() int { return r.Win + r.Draw + r.Loss }

// Score is the share of points, a draw counting half: NaN without games.
func (r Record) Score() float64 {
	return (float64(r.Win) + float64(r.Draw)/2) / float64(r.Games())
}

// matchTally accumulates the records of a run.
type matchTally struct {
	index  map[string]int
	agents []string
	pairs  map[[2]int]*Record
	seats  []Record
}

func newMatchTally() *matchTally {
	return &matchTally{index: map[string]int{}, pairs: map[[2]int]*Record{}}
}

func (m *matchTally) agent(spec string) int {
	i, ok := m.index[spec]
	if !ok {
		i = len(m.agents)
		m.index[spec] = i
		m.agents = append(m.agents, spec)
	}
	return i
}

// add counts one game: every pair of seats held by different agents.
func (m *matchTally) add(r GameResult) {
	if len(r.Returns) != len(r.Seats) {
		return
	}
	for p := range r.Seats {
		for q := p + 1; q < len(r.Seats); q++ {
			if r.Seats[p] == r.Seats[q] {
				continue
			}
			a, b := m.agent(r.Seats[p]), m.agent(r.Seats[q])
			for len(m.seats) <= p {
				m.seats = append(m.seats, Record{})
			}
			ab, ba := m.record(a, b), m.record(b, a)
			switch x, y := r.Returns[p], r.Returns[q]; {
			case x > y:
				ab.Win++
				ba.Loss++
				m.seats[p].Win++
			case x < y:
				ab.Loss++
				ba.Win++
				m.seats[p].Loss++
			default:
				ab.Draw++
				ba.Draw++
				m.seats[p].Draw++
			}
		}
	}
}

func (m *matchTally) record(a, b int) *Record {
	r := m.pairs[[2]int{a, b}]
	if r == nil {
		r = &Record{}
		m.pairs[[2]int{a, b}] = r
	}
	return r
}

// report is the Match of the games tallied, nil if no two agents met.
func (m *matchTally) report() *Match {
	if len(m.pairs) == 0 {
		return nil
	}
	// Agents named but without a game (a run stopped early) drop out.
	var keep []int
	for i := range m.agents {
		for j := range m.agents {
			if r := m.pairs[[2]int{i, j}]; r != nil && r.Games() > 0 {
				keep = append(keep, i)
				break
			}
		}
	}
	n := len(keep)
	out := &Match{Pairs: make([][]Record, n), Seats: m.seats}
	for i, a := range keep {
		out.Agents = append(out.Agents, m.agents[a])
		out.Pairs[i] = make([]Record, n)
		for j, b := range keep {
			if r := m.pairs[[2]int{a, b}]; r != nil {
				out.Pairs[i][j] = *r
			}
		}
	}
	out.Ratings, out.RatingHalf = bradleyTerry(out.Pairs)
	return out
}

// eloPerNat converts a Bradley–Terry strength, in natural log-odds, to
// Elo points: 400 points are a factor of 10 in the odds.
const eloPerNat = 400 / math.Ln10

// bradleyTerry fits the strengths θ of the Bradley–Terry model, where i
// beats j with probability 1/(1+exp(θj−θi)), by maximum likelihood with a
// draw counting half a win and half a loss, and one virtual draw added to
// every pair that met so that an agent that never lost keeps a finite
// rating. θ of the first agent is fixed at 0. The intervals are ±1.96
// standard errors from the inverse of the observed information. Both are
// returned on the Elo scale. An agent not connected to the first by games
// gets NaN.
func bradleyTerry(pairs [][]Record) (rating, half []float64) {
	n := len(pairs)
	rating, half = make([]float64, n), make([]float64, n)
	if n < 2 {
		return rating, half
	}
	// games[i][j] and points[i][j]: games between i and j, points i made.
	games := make([][]float64, n)
	points := make([][]float64, n)
	for i := range n {
		games[i], points[i] = make([]float64, n), make([]float64, n)
		for j := range n {
			r := pairs[i][j]
			if i == j || r.Games() == 0 {
				continue
			}
			games[i][j] = float64(r.Games()) + 1
			points[i][j] = float64(r.Win) + float64(r.Draw)/2 + 0.5
		}
	}
	theta := make([]float64, n)
	k := n - 1 // free parameters: θ1 ... θn-1
	info := func() ([]float64, [][]float64) {
		grad := make([]float64, k)
		h := make([][]float64, k)
		for i := range h {
			h[i] = make([]float64, k)
		}
		for i := range n {
			for j := i + 1; j < n; j++ {
				if games[i][j] == 0 {
					continue
				}
				p := 1 / (1 + math.Exp(theta[j]-theta[i]))
				g := points[i][j] - games[i][j]*p // d logL / d θi
				w := games[i][j] * p * (1 - p)
				if i > 0 {
					grad[i-1] += g
					h[i-1][i-1] += w
				}
				if j > 0 {
					grad[j-1] -= g
					h[j-1][j-1] += w
				}
				if i > 0 && j > 0 {
					h[i-1][j-1] -= w
					h[j-1][i-1] -= w
				}
			}
		}
		return grad, h
	}
	for range 100 {
		grad, h := info()
		step, ok := solve(h, grad)
		if !ok {
			break
		}
		big := 0.0
		for i, s := range step {
			theta[i+1] += s
			big = max(big, math.Abs(s))
		}
		if big < 1e-10 {
			break
		}
	}
	_, h := info()
	for i := 1; i < n; i++ {
		e := make([]float64, k)
		e[i-1] = 1
		col, ok := solve(h, e)
		rating[i] = theta[i] * eloPerNat
		if !ok || col[i-1] <= 0 {
			rating[i], half[i] = math.NaN(), math.NaN()
			continue
		}
		half[i] = normalQuantile(0.5+Confidence/2) * math.Sqrt(col[i-1]) * eloPerNat
	}
	return rating, half
}

// solve solves a·x = b by Gaussian elimination with partial pivoting; ok
// is false when a is singular. a and b are not modified.
func solve(a [][]float64, b []float64) (x []float64, ok bool) {
	n := len(b)
	m := make([][]float64, n)
	for i := range n {
		m[i] = append(append(make([]float64, 0, n+1), a[i]...), b[i])
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		if math.Abs(m[p][c]) < 1e-12 {
			return nil, false
		}
		m[c], m[p] = m[p], m[c]
		for r := c + 1; r < n; r++ {
			f := m[r][c] / m[c][c]
			for k := c; k <= n; k++ {
				m[r][k] -= f * m[c][k]
			}
		}
	}
	x = make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := m[r][n]
		for k := r + 1; k < n; k++ {
			s -= m[r][k] * x[k]
		}
		x[r] = s / m[r][r]
	}
	return x, true
}

// wilson returns the 95% Wilson score interval of a proportion of k
// successes in n trials (NaN, NaN without trials): unlike the normal
// approximation it stays inside [0, 1] and is not empty at 0 or n.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	z := normalQuantile(0.5 + Confidence/2)
	p, fn := float64(k)/float64(n), float64(n)
	centre := (p + z*z/(2*fn)) / (1 + z*z/fn)
	spread := z / (1 + z*z/fn) * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn))
	return max(centre-spread, 0), min(centre+spread, 1)
}
