//! The words of the How to play pages: one a game, in our own words (not the rule books').
use super::{Page, Section};

pub const PAGES: [Page; 5] = [
    Page {
        key: "flick",
        title: "Flick 'em Up!",
        sections: &[
            Section {
                title: "The aim",
                lines: &[
                    "Lawmen against outlaws in a little Western town. Reach your scenario's goal (shoot the other side down, carry gold or a prisoner somewhere, hold a building) before the town-hall clock strikes 12.",
                    "The Sandbox has no rules at all: flick anything you like and press {ResetTown} to set the town up again.",
                ],
            },
            Section {
                title: "A turn",
                lines: &[
                    "Each round is an hour on the clock: even hours are red, odd hours blue. Only cowboys whose hat shows the hour's colour may play, and playing one flips his hat.",
                    "The cowboy holding the initiative opens the round if his hat shows the colour; then the teams take turns, each choosing one of its cowboys still to play. When no hat shows the colour, the clock moves on an hour.",
                    "A cowboy gets up to two actions, in any order, the same one twice if you like: Move, Shoot, or (inside a building) take, leave or exchange a token. Then end his turn.",
                    "A fallen cowboy stands up when he is played. A dead cowboy's hat still comes round: playing him only passes the turn.",
                ],
            },
            Section {
                title: "Controls",
                lines: &[
                    "• Flick: press the left button on the disc (a yellow ring marks it when a move or shot is awaited), drag back, away from where it should go, and let go. The arrow shows the direction, the meter the strength.",
                    "• Hold {SpinLeft} or {SpinRight} while aiming to put spin on the flick. Right click or {Menu} cancels an aim.",
                    "• {InstantReplay} plays your last flick again at half speed, seen from the side; where a shot hit, or why it missed, is written on the table.",
                    "• Everything else is a button in the Flick 'em Up! section of the dock at the right: play a cowboy, Move, Shoot (the bullet on his left or right), take or leave tokens, End the turn.",
                    "• {Hint} (or Hint in the Coach section) shows what the hard bot would do, without playing it: while you choose a cowboy or an action, its three best choices (the best cowboy ringed, his flick drawn); while a flick is awaited, its flick for your cowboy.",
                    "• In a practice game (ticked in the menu) {TakeBack} takes back your last flick: the table exactly as it was, to try again.",
                    "• Right-drag orbits the camera, middle-drag (or Shift + right-drag) pans, the wheel zooms; {CameraLeft} {CameraRight} {CameraUp} {CameraDown} and {ZoomIn} {ZoomOut} do the same from the keyboard.",
                    "• {Menu}, with nothing aimed, opens the table's menu: Resume, Settings, How to play, Leave to the menu, Quit. {Screenshot} saves a screenshot.",
                ],
            },
            Section {
                title: "Rules that matter",
                lines: &[
                    "• A move fails if the movement disc touches any figure, object or support block, or leaves the table: the action is lost and the whole town is put back as it was.",
                    "• To enter a building, flick the disc between its two support blocks until part of it crosses the door line (the inside of the blocks may be touched). To come out, the whole disc must cross the line from behind (the blocks may be touched).",
                    "• Right after a move, turn your cowboy any way you like, or pick the support block he sits on if he walked in (the buttons under the actions). From inside, shoot out through the door: a bullet aimed elsewhere hits nobody.",
                    "• A shot hits only a cowboy the bullet knocks over with its first touch. A graze, or a fall after a ricochet, is a miss; only the first cowboy hit counts, and the others are stood back up.",
                    "• A hit costs a hit point (two with a Winchester) and leaves the cowboy lying until he is next played; a fallen cowboy cannot be hit. Cowboys inside buildings can be hit only in duel scenarios.",
                    "• The last hit point kills: the figure leaves the table, his tokens go to the Undertaker's, and an initiative he held passes to the shooter. Hitting a teammate counts too.",
                    "• A cowboy carries at most two tokens. A Colt fires two bullets a shot, one from each side of the cowboy, dynamite costs a hit point to every cowboy it knocks down, clean water heals one, poisoned water takes one.",
                    "• The game ends as soon as a team meets its scenario's goal, or when the clock strikes 12; the scenario says who wins at noon.",
                ],
            },
        ],
    },
    Page {
        key: "slapshot",
        title: "Slapshot",
        sections: &[
            Section {
                title: "The aim",
                lines: &[
                    "You manage an ice-hockey team of six cards: 3 forwards, 2 defensemen and a goalie. Win games to move your token from Preseason to Playoffs, then win the playoffs to take the championship.",
                ],
            },
            Section {
                title: "A turn",
                lines: &[
                    "First each manager builds a team, taking in turn the top card of the forward, defenseman or goalie deck until holding 3 forwards, 2 defensemen and 1 goalie.",
                    "Then, clockwise round the table, each turn is exactly one of these three:",
                    "• Trade: take a card blind from another manager's face-down team, then give back a card of the same kind (never the one you just took). The other manager cannot refuse.",
                    "• Draft: put one of your cards at the bottom of its deck and take that deck's top card, good or bad.",
                    "• Game: challenge any manager. You play away, they play at home and start a goal up. Each lays a hidden line-up of all six cards, then the cards meet pair by pair.",
                ],
            },
            Section {
                title: "Controls",
                lines: &[
                    "• Click a glowing card: the top card of a deck while picking your team, a card of your team to draft it or to give it back in a trade.",
                    "• Trading with a manager and challenging one to a game are buttons under Your move in the dock at the right.",
                    "• A line-up: drag your cards into the six slots in the middle in the order they should play (a click puts a card in the next free slot, a click on a slotted card takes it back), then press Lay the line-up.",
                    "• {SkipAnimation} skips an animation or the pair-by-pair reveal; the Pace slider makes the bots quicker or slower.",
                    "• {Hint} (or Hint in the panel) shows what the hard bot would choose in your seat, and why, until the next action.",
                    "• Right-drag orbits, middle-drag pans, the wheel zooms ({CameraLeft} {CameraRight} {CameraUp} {CameraDown} {ZoomIn} {ZoomOut} too). {Menu} opens the table's menu: Resume, Settings, How to play, Leave to the menu, Quit.",
                ],
            },
            Section {
                title: "Rules that matter",
                lines: &[
                    "• In each pair the higher card scores a goal; equal cards score nothing.",
                    "• A goalie stops any card except Tiny Tim (worth a half), who always scores on goalies. Goalies never score, except on a lower goalie.",
                    "• A card that meets a bruiser (the fist on the card) is injured; the higher card still scores, and two bruisers injure each other. After the game injured cards are replaced by drafts, home team first.",
                    "• A tied game goes to overtime: new line-ups, no home goal, and the first goal wins. Each game won moves the winner's token a space toward Playoffs.",
                    "• The season ends when a token reaches Playoffs (with the league schedule rule: when every game is played). That team meets the next best in a best-of-seven final; a tie for second is settled by a best-of-three semi-final first. No trades or drafts in the playoffs.",
                    "• Your team must always be 3 forwards, 2 defensemen and 1 goalie. The other teams stay face down, but every card of a line-up turned over in a game is seen by all.",
                ],
            },
        ],
    },
    Page {
        key: "tabletown",
        title: "Tabletown",
        sections: &[
            Section {
                title: "The aim",
                lines: &[
                    "Every player is a gunslinger in Tabletown. Arm yourself, keep your gun loaded and live through the DRAW!s and SHOOTOUT!s: the last gunslinger standing wins.",
                ],
            },
            Section {
                title: "A turn",
                lines: &[
                    "At the start everyone rolls for Marshall, gets five cards and turns their gunslinger to face another (no two may face the same one). The Marshall plays first.",
                    "On your turn do one thing: Arm (put a gun in play), Load (a bullet in a revolver or rifle, a shell in a shotgun), Discard a card, Track (face someone else) or play Reach for the Sky at someone to empty their guns.",
                    "Then draw back up to five cards. Drawing DRAW! calls out a gunslinger of your choice; drawing SHOOTOUT! starts a fight for everyone.",
                    "When a fight is called, anyone may play US Cavalry Arrives! to call it off; Last Stage Coach Out of Town cancels a DRAW! you are in, or takes you out of a SHOOTOUT!.",
                ],
            },
            Section {
                title: "Controls",
                lines: &[
                    "• Click a glowing card in your hand to play it: guns, ammunition, tin stars, the Cavalry and the Stage Coach. Point at a card and the panel says what a click does.",
                    "• Discards, tracking, call-outs, Reach for the Sky, shots and TNT are buttons under Your move in the dock at the right.",
                    "• Dice are rolled for you: each is thrown into the felt tray at the near left of the table and read from the face on top.",
                    "• {SkipAnimation} skips an animation; the Pace slider sets how fast the bots play.",
                    "• {Hint} (or Hint in the panel) shows what the hard bot would choose in your seat, and why, until the next action.",
                    "• Right-drag orbits, middle-drag pans, the wheel zooms ({CameraLeft} {CameraRight} {CameraUp} {CameraDown} {ZoomIn} {ZoomOut} too). {Menu} opens the table's menu: Resume, Settings, How to play, Leave to the menu, Quit.",
                ],
            },
            Section {
                title: "Rules that matter",
                lines: &[
                    "• In a fight each fighter rolls a die: the lowest shoots first, and equal rolls shoot at the same moment, so two gunslingers can kill each other.",
                    "• In a DRAW! the two fire one shot each at each other. In a SHOOTOUT! everyone shoots at the gunslinger they face.",
                    "• Every shot spends a round and rolls a die: a revolver hits on 5 or 6, a rifle on 4 to 6, one shotgun shell on 3 to 6, both shells fired together on 2 to 6.",
                    "• With a round loaded and your target facing you, you must shoot. Shooting someone in the back or unarmed, or lighting TNT, lets everyone else turn to face you.",
                    "• TNT (not with two players) goes off after everyone has shot and rolls against every gunslinger at the table, the thrower too.",
                    "• A Sheriff star cancels any one hit, TNT included; a Deputy star only a revolver's or a rifle's. The sixth wound kills.",
                ],
            },
        ],
    },
    Page {
        key: "slap45",
        title: "Slap .45",
        sections: &[
            Section {
                title: "The aim",
                lines: &[
                    "Every player runs a gang of six. Cards come up one at a time and everyone reacts at once: shoot, dive into cover or keep still. The last gang with anyone left wins.",
                ],
            },
            Section {
                title: "A turn",
                lines: &[
                    "The deal passes round the table. The dealer flips the top card and every hand reacts at the same time, on the clock: the fastest hand decides.",
                    "• Talkin' Iron (revolver): the first to slap it while pointing at a gang shoots it, and that gang loses a member unless it is already in cover on a home base.",
                    "• Big Gun (cannon): the same, but the shot goes through cover. The only defence is to slap it first.",
                    "• Move! (horse): every gang must slap into a new free home base, and the last one loses a member. Slap the horse itself and you lose a member.",
                    "A round ends once the card is slapped (on a Move!, once the last gang is found) or when everyone holds. Hands in cover may stay there for the next round.",
                ],
            },
            Section {
                title: "Controls",
                lines: &[
                    "• When you deal, the deck glows: click it to flip the top card.",
                    "• Point before you shoot: number keys point at a seat (1 at seat 0, 2 at seat 1 and so on) or click a gang's cards; 0 lowers your finger. Then click the flipped card. A slap with no point misses.",
                    "• Click a free home base to dive into cover. Do nothing for 2.5 seconds and you hold.",
                    "• After each slap that lands you may react again: just click again. A click when your hand has nothing left to do says why.",
                    "• When you deal, {Hint} (or Hint in the panel) shows what the hard bot would do in your seat, and why. After each wave you were in, the log says what the best slap was.",
                    "• Right-drag orbits, middle-drag pans, the wheel zooms. {Menu} opens the table's menu: Resume, Settings, How to play, Leave to the menu, Quit.",
                ],
            },
            Section {
                title: "Rules that matter",
                lines: &[
                    "• One hand to a home base. Slapping a base somebody already holds gives no cover; slap a free one.",
                    "• Cover counts at the moment of the shot, and a tie to the millisecond goes to the one taking cover. It saves you from a Talkin' Iron, never from a Big Gun.",
                    "• Shooting takes both hands: slapping the card lifts you off every base. Except on a Move!, a hand that leaves a base stays out of cover until the next round.",
                    "• On a Move!, new cover means a base none of your hands held when the card came up. If every gang still out holds, one of them still loses a member.",
                    "• A gang that loses its sixth member is out and its base leaves the table. With two gangs left, the first gang to die deals a final duel and may choose which card to play.",
                    "• Advanced rule (Gold): Gold cards join the deck, slap one to claim it (pointing gives it away); each gang gets a power, and 3 Gold recruits a member you shoot instead of killing him. None of this in the final duel.",
                ],
            },
        ],
    },
    Page {
        key: "gunfighter",
        title: "The Gunfighter",
        sections: &[
            Section {
                title: "The aim",
                lines: &[
                    "Every player is a gunfighter with three health chips and a deck of their character's cards. Toss cards into the holes of the play mats in five-second showdowns: the last gunfighter standing wins.",
                ],
            },
            Section {
                title: "A turn",
                lines: &[
                    "Before each showdown you draw six cards into your bandolier. Put them in the order you want and swap any with your pocket, then remember the order: in the showdown they lie face down.",
                    "Next each gunfighter may play one covert (green) card and any cards meant for before a showdown.",
                    "The showdown is five seconds of countdown, then five seconds of tossing. Everyone tosses at once, one card in the hand at a time, as fast and as true as they can.",
                    "Then every mat's stack is read. Cards left in your bandolier go to your pocket while it holds fewer than six; the rest are discarded.",
                ],
            },
            Section {
                title: "Controls",
                lines: &[
                    "• Arranging: a click on a bandolier card moves it one place right. Swaps with your pocket are in the panel; press Keep the bandolier when done.",
                    "• Preparing: click a glowing covert card or \"before a showdown\" card to play it, then press Ready for the showdown.",
                    "• Tossing: click a face-down bandolier card to pick it up, then drag back from your side of the table and let go. It flies the other way, up to three times your drag, at the mat nearest the gold ring.",
                    "• Holster (toss no more) in the panel stops you tossing for the rest of the showdown. {SkipAnimation} skips an animation.",
                    "• {Hint} (or Hint in the panel) shows what the hard bot would choose in your seat, and why, until the next action.",
                    "• Right-drag orbits, middle-drag pans, the wheel zooms. {Menu} opens the table's menu: Resume, Settings, How to play, Leave to the menu, Quit.",
                ],
            },
            Section {
                title: "Rules that matter",
                lines: &[
                    "• A card counts only if it comes to rest wholly inside a mat's hole, and then it acts on that mat's owner, whoever threw it: a Bullet in your own hole hurts you.",
                    "• Toss damage such as Bullets into your opponents' holes, and defences such as Dodge and Take Cover into your own.",
                    "• A stack is read from the top (the last card in) down. A Dodge cancels the card right below it, so throw it after a Bullet lands; a Take Cover cancels the next card to land on it, so throw it first.",
                    "• A cancelled card does nothing, not even its own cancelling. Every card tossed, in a hole or not, goes to its thrower's discard pile.",
                    "• Damage stays from one showdown to the next. At 0 health you are out, and whoever dealt the last point takes your covert cards.",
                    "• If the last gunfighters fall in the same showdown, nobody wins.",
                ],
            },
        ],
    },
];
