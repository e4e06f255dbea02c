//! The integration tests: one crate, so the Bevy stack is linked once (see
//! docs/benchmarks.md, "The build"). Each module is one area of the game.

mod after_the_flick_in_the_window;
mod agreement;
mod bad_input;
mod bare_table_in_the_window;
mod bot_fairness;
// The tests that draw the window offscreen are the longest: named to sort
// early, libtest starts them first and the short ones fill in beside them.
mod bots_in_the_window;
mod broken_files;
mod card_bots;
mod card_hints;
mod card_observations;
mod card_playouts;
mod card_setups;
mod card_table;
mod card_table_in_the_window;
mod coach;
mod coach_in_the_window;
mod command_line;
mod common;
mod continue_game;
mod continue_in_the_window;
mod dice;
mod editor_in_the_window;
mod editor_properties;
mod fit;
mod flick_book;
mod flick_bot;
mod flick_reply;
mod flick_session;
mod flick_turn_search;
mod fuzzed_files;
mod hidden_info;
mod hidden_words;
mod installed;
mod labels_in_the_window;
mod laws;
mod layers;
mod legal_gunfighter;
mod legal_slap45;
mod legal_slapshot;
mod legal_tabletown;
mod lookahead;
mod pass_through;
mod practice;
mod record_games;
mod referee;
mod reload;
mod replays;
mod scenarios;
mod sound;
mod table;
mod tune;
mod turn_coach;
