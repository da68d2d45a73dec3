// HoshiCore: the game logic Hoshi computes at build time. Pure Swift and Foundation only: SGF reading and
// writing, Go rules and positions, move hints, and the Lights Off solver. Nothing here knows about HTML.
