// Package connectfour is Connect Four on the standard board of 7 columns and
// 6 rows, as OpenSpiel has it ("connect_four"), the third of the standard
// games of OpenSpiel's speed comparisons beside tic-tac-toe and Pig.
//
// Rules. Seat 0 plays x and moves first; seat 1 plays o. Players take turns
// to drop a disc into a column that is not full; it falls to the lowest
// empty cell. Four discs of one player in a row, column or diagonal win; a
// full board without such a line is a draw. Returns are +1 for the winner
// and -1 for the loser, 0 for both in a draw and before the end.
//
// Registered as "connectfour"; the game has no options.
//
// Actions. Action c (0 to 6) drops a disc into column c, counted from the
// left, as OpenSpiel numbers them. A column is named by its letter, "a" to
// "g"; ParseAction also reads an action number, bare ("3") or as "#3".
//
// The wire form of a state is its board, 42 characters "x", "o" or ".",
// row by row from the bottom (row 1) to the top (row 6), each row from
// column a to g, as in {"board":"...x..."+...}; the player to move follows
// from the count of discs. Observation is three planes of 6 rows by 7
// columns (ObservationShape), cells in wire order: x's discs, o's discs and
// the empty cells. It is the same for both seats: the game has no chance
// and no hidden information, and Resample is a plain clone.
//
// The engine keeps each player's discs as a 64-bit board, seven bits a
// column (six cells and a guard bit), so a move and its win check are a few
// shifts, and a 7-bit set of the columns not full; package tests count the
// games of every length to depth 8 both on it and on a plain grid of cells,
// and the counts agree. PlayRandom plays a search's random rollout in one
// loop, a move being a draw, a table look-up and a drop.
package connectfour
