//! Rule sets, game history, superko, end of game and scoring.
