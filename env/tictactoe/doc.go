// Package tictactoe is noughts and crosses for two players, a game small
// enough to solve exactly (5,478 reachable positions) and so a yardstick for
// search: under perfect play it is a draw, and from many positions a win is
// forced, so a searcher's value and choice can be checked against package
// search's exact solver.
//
// Rules. Seat 0 plays x and moves first; seat 1 plays o. Players take turns
// to mark an empty cell. Three marks of one player in a row, column or
// diagonal win; a full board without such a line is a draw. Returns are +1
// for the winner and -1 for the loser, 0 for both in a draw and before the
// end.
//
// Registered as "tictactoe"; the game has no options.
//
// Actions. Action 3*(row-1)+(col-1) marks a cell, named as on a chess board
// by its column letter and row number: "a1" (0), "b1" (1), "c1" (2), "a2"
// (3), and so on to "c3" (8). ParseAction also reads an action number, bare
// ("4") or as "#4".
//
// The wire form of a state is its board, nine characters "x", "o" or "."
// in action order, as in {"board":"x...o...."}; the player to move follows
// from the count of marks. Observation is 28 floats: the x plane, the o plane
// and the empty plane of nine cells each in action order, then 1 when o is to
// move (0 when x is to move or the game is over). It is the same for both
// seats: the game has no chance and no hidden information, and Resample is a
// plain clone.
package tictactoe
