/**
 * Entities as the live viewer's page can draw them: a listed player whatever type the server sent (the bug:
 * flying-squid's players arrived as acacia_boat, and the page logged "Unknown entity acacia_boat"), boats of
 * any wood as the page's boat, and types it has no model for as a plain box (no name sent).
 */
import { expect, test } from 'vitest';
import { entityModels } from '../../src/viewer/assets.js';
import { shownEntity } from '../../src/viewer/entities.js';

const bot = {
  entities: { 7: { uuid: 'u-visitor' }, 8: { uuid: 'u-boat' }, 9: {} },
  uuidToUsername: { 'u-visitor': 'Visitor' },
};

test.each([
  [
    'a listed player sent as acacia_boat is a player with its name',
    { id: 7, name: 'acacia_boat', width: 1.375, height: 0.5625 },
    { id: 7, name: 'player', username: 'Visitor', width: 0.6, height: 1.8 },
  ],
  ['a real boat of 1.21 is the page’s boat', { id: 8, name: 'acacia_boat' }, { id: 8, name: 'boat' }],
  ['a chest boat too', { id: 8, name: 'cherry_chest_boat' }, { id: 8, name: 'boat' }],
  ['a type with a model is left as it is', { id: 9, name: 'pig' }, { id: 9, name: 'pig' }],
  [
    'a type without a model loses its name (a plain box)',
    { id: 9, name: 'breeze', width: 0.6 },
    { id: 9, width: 0.6 },
  ],
  ['a move (no name) is left as it is', { id: 7 }, { id: 7 }],
])('%s', (_, event, shown) => {
  expect(shownEntity(bot, event)).toEqual(shown);
});

test('the page has models for players and boats, not for 1.21 types', () => {
  expect(entityModels().has('player')).toBe(true);
  expect(entityModels().has('boat')).toBe(true);
  expect(entityModels().has('acacia_boat')).toBe(false);
});
