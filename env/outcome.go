package env

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Entering a chance outcome at the table. A person playing the printed
// game rolls the die or draws the counter and types what came up. Every
// outcome of a pending chance node can be entered in three forms:
//
//   - its number: the face of the die ("7"), the dice's total, or for a
//     pick or a draw its number in the list the prompt shows;
//   - "roll N" with that number ("roll 7");
//   - its name, where it has one: the thing picked or drawn as printed
//     ("HMS Campbeltown", "4 Cdo 3", "Action 7"), without a prefix such as
//     "unit" or "chit".
//
// The game's own ActionString of the outcome is read as well. ParseOutcome
// reads all four; OutcomeForms says in a line which a node takes.

// OutcomeLabeler is implemented by states that say how each outcome of
// their pending chance node is entered at the table. OutcomeLabel gives
// chance outcome a's number (distinct among the node's outcomes, 0 or
// more) and its printed name, or "" for a die face known by its number
// alone. A game's ActionString of an outcome must agree with it: where
// the action string is "roll N" or "N", N is the outcome's number.
//
// Without it, the outcomes are numbered 1 to k in the order of
// ChanceOutcomes and named by ActionString: right for a die whose faces
// are all possible and named by their digits (Pig) or for a draw named as
// printed; a die named "roll N", a pick among some of a list, or a draw
// named with a prefix needs the method.
type OutcomeLabeler interface {
	OutcomeLabel(a Action) (number int, name string)
}

// OutcomeLabel is the number and name of chance outcome a of s (see
// OutcomeLabeler), by the game where it says, else by default: a's place
// in ChanceOutcomes from 1, named by ActionString. It returns -1 and ""
// where a is not an outcome of a pending chance node.
func OutcomeLabel(s State, a Action) (int, string) {
	for _, o := range TableOutcomes(s) {
		if o.Action == a {
			return o.Number, o.Name
		}
	}
	return -1, ""
}

// TableOutcome is one outcome of a pending chance node as a person enters
// it: its action, number and name ("" for a die face known by its number).
type TableOutcome struct {
	Action Action
	Number int
	Name   string
}

// Entry is the outcome's canonical entry: its name, or "roll N".
func (o TableOutcome) Entry() string {
	if o.Name != "" {
		return o.Name
	}
	return "roll " + strconv.Itoa(o.Number)
}

// TableOutcomes lists the outcomes of s's pending chance node with their
// numbers and names, in the order of their numbers; none away from a
// chance node.
func TableOutcomes(s State) []TableOutcome {
	outs := s.ChanceOutcomes(nil)
	list := make([]TableOutcome, len(outs))
	l, labels := s.(OutcomeLabeler)
	for i, o := range outs {
		list[i] = TableOutcome{Action: o.Action, Number: i + 1}
		if labels {
			list[i].Number, list[i].Name = l.OutcomeLabel(o.Action)
		} else {
			list[i].Name = s.ActionString(o.Action)
		}
	}
	slices.SortStableFunc(list, func(x, y TableOutcome) int { return x.Number - y.Number })
	return list
}

// ParseOutcome reads what a person typed at s's chance node: an outcome's
// number ("7"), "roll N", two dice whose total it is ("3 4", "3+4",
// where the outcomes are two dice's totals), its name (case and repeated spaces aside), or
// the game's action string of it, in that order: a name that reads as a
// number ("358", an area) is found where no outcome has that number. Anything else is a one-line error that
// says what to enter (OutcomeForms).
func ParseOutcome(s State, text string) (Action, error) {
	list := TableOutcomes(s)
	if len(list) == 0 {
		return 0, fmt.Errorf("no die or draw is pending")
	}
	t := strings.Join(strings.Fields(text), " ")
	if t == "" {
		return 0, fmt.Errorf("enter %s", outcomeForms(list))
	}
	what := "one of the outcomes"
	if !slices.ContainsFunc(list, func(o TableOutcome) bool { return o.Name != "" }) {
		what = "a face of this die"
	}
	num := t
	if len(t) > 5 && strings.EqualFold(t[:5], "roll ") {
		num = t[5:]
	}
	n, err := strconv.Atoi(num)
	if err == nil {
		for _, o := range list {
			if o.Number == n {
				return o.Action, nil
			}
		}
	}
	for _, o := range list { // a name, which may be a number ("358", an area)
		if o.Name != "" && strings.EqualFold(strings.Join(strings.Fields(o.Name), " "), t) {
			return o.Action, nil
		}
	}
	if err == nil { // a number is an outcome's, never an action's
		return 0, fmt.Errorf("%d is not %s: enter %s", n, what, outcomeForms(list))
	}
	if faces := twoDice(list); faces > 0 {
		if x, y, ok := dicePair(num); ok {
			if x < 1 || y < 1 || x > faces || y > faces {
				return 0, fmt.Errorf("%q: each die shows 1 to %d", t, faces)
			}
			for _, o := range list {
				if o.Number == x+y {
					return o.Action, nil
				}
			}
		}
	}
	if a, perr := s.ParseAction(t); perr == nil {
		for _, o := range list {
			if o.Action == a {
				return a, nil
			}
		}
	}
	return 0, fmt.Errorf("%q is not %s: enter %s", t, what, outcomeForms(list))
}

// OutcomeForms says in a line what s's chance node takes, for a prompt:
// "1 to 10 or roll N", or with names "1 to 3 or roll N, or a name: 3 Cdo
// 1, 3 Cdo 2, 3 Cdo 5". It is "" away from a chance node.
func OutcomeForms(s State) string {
	list := TableOutcomes(s)
	if len(list) == 0 {
		return ""
	}
	return outcomeForms(list)
}

// twoDice is the number of faces of each die where the outcomes are the
// totals of two such dice (numbered 2 to 12, or 2 to 20), else 0.
func twoDice(list []TableOutcome) int {
	for _, faces := range []int{6, 10} {
		if len(list) == 2*faces-1 && list[0].Number == 2 && list[len(list)-1].Number == 2*faces {
			return faces
		}
	}
	return 0
}

// dicePair reads two dice typed as "3 4" or "3+4".
func dicePair(t string) (x, y int, ok bool) {
	a, b, found := strings.Cut(strings.ReplaceAll(t, " ", "+"), "+")
	if !found {
		return 0, 0, false
	}
	b = strings.TrimLeft(b, "+")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	return x, y, err1 == nil && err2 == nil
}

func outcomeForms(list []TableOutcome) string {
	var b strings.Builder
	b.WriteString(numberList(list))
	b.WriteString(" or roll N")
	if twoDice(list) > 0 {
		b.WriteString(", or the two dice as 3 4 or 3+4")
	}
	var names []string
	for _, o := range list {
		if o.Name != "" {
			names = append(names, o.Name)
		}
	}
	if len(names) > 0 {
		b.WriteString(", or a name: ")
		b.WriteString(strings.Join(names, ", "))
	}
	return b.String()
}

// numberList writes sorted numbers as "1 to 6" when they run without a
// gap, else as "2, 3 or 5".
func numberList(list []TableOutcome) string {
	lo, hi := list[0].Number, list[len(list)-1].Number
	if hi-lo == len(list)-1 && len(list) > 1 {
		return fmt.Sprintf("%d to %d", lo, hi)
	}
	parts := make([]string, len(list))
	for i, o := range list {
		parts[i] = strconv.Itoa(o.Number)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}
