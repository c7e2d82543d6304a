// Package pig is the dice game Pig for two players, kept small and fast so
// that it can test the machinery around games: the conformance suite in
// env/envtest, the Gym wrapper and the search agents, which can be checked
// against an exact solution of a small target.
//
// Rules. Players take turns. On a turn the player rolls a die as often as
// they like. A face of 1 ends the turn and loses the turn total; any other
// face adds to the turn total. Instead of rolling, the player may stop
// (hold): the turn total is banked into their score and the turn passes. A
// turn opens with a roll: stopping with a turn total of 0 is not legal, so
// no line of play cycles without a die. The first player whose score reaches
// the target wins. The wire form of a state holds a "decisions" count when
// the game has a horizon, and winner 2 for a draw there.
//
// Options (registered as "pig"):
//
//	target        points to win, 1 to 1000 (default 20)
//	die           faces of the die, 2 to 100 (default 6)
//	stop_at_zero  stopping is legal with a turn total of 0 (default false)
//	forced_stop   once score and turn total reach the target, stop is the
//	              only action (default false)
//	horizon       the game is a draw, both returns 0, after this many
//	              decisions (rolls and stops), a pending roll left unrolled;
//	              0 for none (default 0)
//
// The last three make the game OpenSpiel's "pig" exactly:
// "pig:target=100,stop_at_zero=true,forced_stop=true,horizon=1000" is
// OpenSpiel's game with its default parameters, so search speed and
// strength can be compared on the same game. Only the action numbers
// differ (OpenSpiel's roll is 0 and stop 1; its die faces are 0 to 5).
// With stop_at_zero and no horizon a game can go on for ever, both
// players stopping in turn.
//
// A player may roll on past the target, so the turn total is unbounded and
// the positions are infinite; but every position whose score and turn total
// reach the target is worth the same as stopping there, so an exact solver
// that merges them (search.SolveOptions.Key) values "pig:target=5,die=3" over
// a few hundred positions. The position graph has cycles (a 1 can undo a
// turn), so the solver iterates to a fixed point rather than recursing.
//
// Actions. 0 is "stop" (ParseAction also reads "hold"), 1 is "roll", and
// 1+f is the die face f, named by its digits ("1" to "6"), an outcome of the
// chance node that follows each roll with probability 1/die. Because face
// names are digits, ParseAction reads an action number in the form "#n".
//
// The game has no hidden information: Observation is the same for both
// seats, and the state embeds env.PerfectInformation, so a resample is a
// clone.
//
// Plug-ins, as a template of the small ones any game can offer: the die
// entered at the table by its face (OutcomeLabel), the score pad as a
// board with its pieces (board.go), and an in-place copy and returns into
// a buffer for search (state.go). The generic packages' tests use Pig as
// the game without seat names, prompts, phases or narration, so it
// offers none; St. Nazaire shows them.
package pig
