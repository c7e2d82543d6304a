package env

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// wantErr checks err against a fragment: "" wants no error, else an error
// of one line containing it.
func wantErr(t *testing.T, what string, err error, frag string) {
	t.Helper()
	switch {
	case frag == "" && err != nil:
		t.Errorf("%s: unexpected error %v", what, err)
	case frag != "" && (err == nil || !strings.Contains(err.Error(), frag)):
		t.Errorf("%s: error %v, want one containing %q", what, err, frag)
	case err != nil && strings.Contains(err.Error(), "\n"):
		t.Errorf("%s: error %q is not one line", what, err)
	}
}

func TestIntOption(t *testing.T) {
	doc := OptionDoc{Name: "turns", Default: "7"}
	for _, tt := range []struct {
		p    Params
		def  string
		want int
		err  string
	}{
		{Params{}, "7", 7, ""}, // the doc's default is the value in force
		{Params{"turns": "3"}, "7", 3, ""},
		{Params{"turns": "+3"}, "7", 3, ""},
		{Params{"turns": "0"}, "7", 0, ""},
		{Params{"turns": "10"}, "7", 10, ""},
		{Params{"turns": "11"}, "7", 0, "option turns=11: out of range 0 to 10"},
		{Params{"turns": "-1"}, "7", 0, "option turns=-1: out of range 0 to 10"},
		{Params{"turns": "1.5"}, "7", 0, `option turns="1.5": not an integer`},
		{Params{"turns": ""}, "7", 0, `option turns="": not an integer`},
		{Params{}, "x", 0, `option turns="x": not an integer`}, // a bad default is caught too
		{Params{}, "12", 0, "out of range"},
	} {
		doc.Default = tt.def
		got, err := IntOption(tt.p, doc, 0, 10)
		wantErr(t, tt.p.String()+" default "+tt.def, err, tt.err)
		if got != tt.want {
			t.Errorf("%v default %s: got %d, want %d", tt.p, tt.def, got, tt.want)
		}
	}
}

func TestFloatOption(t *testing.T) {
	doc := OptionDoc{Name: "p", Default: "0.6"}
	for _, tt := range []struct {
		v    string // "-" leaves the option out
		want float64
		err  string
	}{
		{"-", 0.6, ""},
		{"0.25", 0.25, ""},
		{"1", 1, ""},
		{"1e-3", 0.001, ""},
		{"1.5", 0, "option p=1.5: out of range 0 to 1"},
		{"Inf", 0, "out of range"},
		{"NaN", 0, `option p="NaN": not a number`},
		{"half", 0, `option p="half": not a number`},
	} {
		p := Params{}
		if tt.v != "-" {
			p["p"] = tt.v
		}
		got, err := FloatOption(p, doc, 0, 1)
		wantErr(t, tt.v, err, tt.err)
		if got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.v, got, tt.want)
		}
	}
}

func TestBoolOption(t *testing.T) {
	for _, tt := range []struct {
		def, v string // v "-" leaves the option out
		want   bool
		err    string
	}{
		{"true", "-", true, ""},
		{"false", "-", false, ""},
		{"true", "false", false, ""},
		{"false", "1", true, ""},
		{"true", "f", false, ""},
		{"true", "maybe", false, `option mortar="maybe": not true or false`},
		{"true", "", false, `option mortar="": not true or false`},
	} {
		p := Params{}
		if tt.v != "-" {
			p["mortar"] = tt.v
		}
		got, err := BoolOption(p, OptionDoc{Name: "mortar", Default: tt.def})
		wantErr(t, tt.v, err, tt.err)
		if got != tt.want {
			t.Errorf("default %s, %q: got %v, want %v", tt.def, tt.v, got, tt.want)
		}
	}
}

func TestDurationOption(t *testing.T) {
	doc := OptionDoc{Name: "budget", Default: "1s"}
	for _, tt := range []struct {
		p    Params
		want time.Duration
		err  string
	}{
		{Params{}, time.Second, ""},
		{Params{"budget": "250ms"}, 250 * time.Millisecond, ""},
		{Params{"budget": "1h"}, 0, "option budget=1h0m0s: out of range 0s to 1m0s"},
		{Params{"budget": "5"}, 0, `option budget="5": not a duration such as 500ms or 5s`},
	} {
		got, err := DurationOption(tt.p, doc, 0, time.Minute)
		wantErr(t, tt.p.String(), err, tt.err)
		if got != tt.want {
			t.Errorf("%v: got %v, want %v", tt.p, got, tt.want)
		}
	}
}

func TestChoiceOption(t *testing.T) {
	doc := OptionDoc{Name: "opponent", Default: "rules"}
	for _, tt := range []struct {
		p       Params
		allowed []string
		want    string
		err     string
	}{
		{Params{}, []string{"rules", "seat"}, "rules", ""},
		{Params{"opponent": "seat"}, []string{"rules", "seat"}, "seat", ""},
		{Params{"opponent": "Seat"}, []string{"rules", "seat"}, "", `option opponent="Seat": want rules or seat`},
		{Params{"opponent": ""}, []string{"rules", "seat"}, "", `option opponent="": want rules or seat`},
		{Params{"opponent": "x"}, []string{"a", "b", "c"}, "", `option opponent="x": want a, b or c`},
		{Params{}, []string{"seat"}, "", `option opponent="rules": want seat`}, // a default not allowed is caught
	} {
		got, err := ChoiceOption(tt.p, doc, tt.allowed...)
		wantErr(t, tt.p.String(), err, tt.err)
		if got != tt.want {
			t.Errorf("%v of %v: got %q, want %q", tt.p, tt.allowed, got, tt.want)
		}
	}
}

func TestChoicesOption(t *testing.T) {
	doc := OptionDoc{Name: "at", Default: "move"}
	allowed := []string{"move", "fire"}
	for _, tt := range []struct {
		p    Params
		want []string
		err  string
	}{
		{Params{}, []string{"move"}, ""},
		{Params{"at": ""}, nil, ""},
		{Params{"at": "fire+move"}, []string{"fire", "move"}, ""},
		{Params{"at": "move+rally"}, nil, `option at: "rally" is not a decision (want move, fire, joined by '+')`},
	} {
		got, err := ChoicesOption(tt.p, doc, "+", allowed, "a decision")
		wantErr(t, tt.p.String(), err, tt.err)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%v: got %q, want %q", tt.p, got, tt.want)
		}
	}
}

func TestFindOption(t *testing.T) {
	docs := []OptionDoc{{Name: "a", Default: "1"}, {Name: "b", Default: "2"}}
	if d, err := FindOption(docs, "b"); err != nil || d != docs[1] {
		t.Errorf("FindOption(b) = %+v, %v", d, err)
	}
	_, err := FindOption(docs, "c")
	wantErr(t, "FindOption(c)", err, `option "c" is read but not documented`)
}

func TestOptionReader(t *testing.T) {
	docs := []OptionDoc{
		{Name: "turns", Default: "10"},
		{Name: "mortar", Default: "true"},
		{Name: "p", Default: "0.5"},
		{Name: "opponent", Default: "rules"},
		{Name: "data", Default: "default"},
	}
	// readAll reads every option, in docs' order, and writes the values.
	readAll := func(r *OptionReader) string {
		return fmt.Sprintf("%d|%v|%v|%s|%s", r.Int("turns", 1, 10), r.Bool("mortar"), r.Float("p", 0, 1),
			r.Choice("opponent", "rules", "seat"), r.String("data"))
	}
	t.Run("defaults", func(t *testing.T) {
		r := ReadOptions(nil, docs)
		if got, want := readAll(r), "10|true|0.5|rules|default"; got != want || r.Err() != nil {
			t.Errorf("got %q, %v; want %q", got, r.Err(), want)
		}
	})
	t.Run("given", func(t *testing.T) {
		r := ReadOptions(Params{"turns": "3", "mortar": "false", "p": "0.25", "opponent": "seat", "data": "my.json"}, docs)
		if got, want := readAll(r), "3|false|0.25|seat|my.json"; got != want || r.Err() != nil {
			t.Errorf("got %q, %v; want %q", got, r.Err(), want)
		}
	})
	t.Run("first error kept", func(t *testing.T) {
		r := ReadOptions(Params{"turns": "11", "opponent": "nobody"}, docs)
		got := readAll(r)
		wantErr(t, "two bad options", r.Err(), "option turns=11: out of range 1 to 10")
		if want := "0|false|0||"; got != want {
			t.Errorf("after an error got %q, want zero values %q", got, want)
		}
	})
	t.Run("unknown key", func(t *testing.T) {
		r := ReadOptions(Params{"turn": "3"}, docs)
		readAll(r)
		wantErr(t, "turn=3", r.Err(), `unknown option "turn" (known: turns, mortar, p, opponent, data)`)
	})
	t.Run("undocumented", func(t *testing.T) {
		r := ReadOptions(nil, docs)
		if r.Int("horizon", 0, 9) != 0 {
			t.Error("an undocumented option read as non-zero")
		}
		wantErr(t, "horizon", r.Err(), `option "horizon" is read but not documented`)
	})
}

func TestDocumentedDefaults(t *testing.T) {
	docs := []OptionDoc{{Name: "turns", Default: "10"}}
	parse := func(p Params) (int, string, error) {
		r := ReadOptions(p, docs)
		n := r.Int("turns", 1, 10)
		return n, "", r.Err()
	}
	if got := DocumentedDefaults(parse); got != 10 {
		t.Errorf("DocumentedDefaults = %d, want the documented 10", got)
	}
	docs[0].Default = "11" // a default the game's own range refuses
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "option turns=11: out of range 1 to 10") {
			t.Errorf("a bad documented default: recovered %v, want a panic naming it", r)
		}
	}()
	DocumentedDefaults(parse)
}
