// The boxes the dice can fill now (docs/protocol.md, `game.options`): the state holds
// them by column, then box, as `[points, bonus, gain]`, so that a roll's patch names only
// the boxes whose figures changed; the page reads them as objects.

/** ``game.options`` as a list of ``{column, box, points, bonus, gain}`` in column, then
 *  sheet order (empty when there is no game, or no roll of the viewer's to fill). */
export function placements(game) {
  return Object.entries(game?.options || {}).flatMap(([column, boxes]) =>
    Object.entries(boxes).map(([box, [points, bonus, gain]]) => ({ column, box, points, bonus, gain })),
  );
}
