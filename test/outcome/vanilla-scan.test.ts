/**
 * scripts/vanilla-corpus/scan-java.ts on small Java snippets written in the style of the decompiled
 * trees: each way vanilla sends a key is recognised, and a key inside another line is not taken for a
 * line of its own. (The committed fixtures are its output on the real trees; regenerating them with
 * scripts/vanilla-corpus.ts reproduces them byte for byte.)
 */
import { expect, test } from 'vitest';
import { scanJava } from '../../scripts/vanilla-corpus/scan-java.js';

const body = (code: string) => `public class X {\n${code}\n}\n`;
const uses = (code: string) =>
  scanJava(body(code)).uses.map((u) => ({ key: u.key, send: u.send, nested: u.nested, pattern: u.pattern }));

test('sendSuccess, sendFailure and a thrown exception type are told apart', () => {
  const found =
    uses(`   private static final SimpleCommandExceptionType ERROR_FAILED = new SimpleCommandExceptionType(Component.translatable("commands.setblock.failed"));

   private static int run(CommandSourceStack source) {
      source.sendSuccess(() -> Component.translatable("commands.setblock.success", 1, 2, 3), true);
      source.sendFailure(Component.translatable("commands.forceload.added.none", "overworld"));
      return 1;
   }`);
  expect(found).toEqual([
    { key: 'commands.setblock.failed', send: 'exception', nested: false, pattern: false },
    { key: 'commands.setblock.success', send: 'success', nested: false, pattern: false },
    { key: 'commands.forceload.added.none', send: 'failure', nested: false, pattern: false },
  ]);
});

test('an exception thrown with the reader is recorded as such (parse errors get the context line)', () => {
  const scan = scanJava(
    body(`   public static final SimpleCommandExceptionType ERROR_INCOMPLETE = new SimpleCommandExceptionType(Component.translatable("argument.pos3d.incomplete"));

   public static Coordinates parse(StringReader reader) throws CommandSyntaxException {
      throw ERROR_INCOMPLETE.createWithContext(reader);
   }`),
  );
  expect(scan.uses[0]).toMatchObject({
    key: 'argument.pos3d.incomplete',
    send: 'exception',
    exceptionField: 'ERROR_INCOMPLETE',
  });
  expect([...scan.withContext]).toEqual(['ERROR_INCOMPLETE']);
});

test('a key built from pieces becomes a pattern; a ternary of literals becomes alternatives', () => {
  const [use] = uses(`   private static void run(CommandSourceStack source, boolean add) {
      source.sendSuccess(() -> Component.translatable("commands.forceload." + (add ? "added" : "removed") + ".single", 1), true);
   }`);
  expect(use).toMatchObject({ send: 'success', pattern: true });
  const re = new RegExp(`^${use!.key}$`);
  expect(re.test('commands.forceload.added.single')).toBe(true);
  expect(re.test('commands.forceload.removed.single')).toBe(true);
  expect(re.test('commands.forceload.added.multiple')).toBe(false);
});

test("a key inside another key's component, or built into a variable inside a send, is part of that line", () => {
  const found = uses(`   private static void run(CommandSourceStack source) {
      source.sendSuccess(() -> {
         Component clickable = Component.translatable("commands.fetchprofile.copy_component");
         return Component.translatable("commands.fetchprofile.name.success", clickable);
      }, false);
      source.sendSuccess(() -> Component.translatable("commands.list.players", Component.translatable("commands.list.nameAndId", 1, 2)), false);
   }`);
  expect(found).toEqual([
    { key: 'commands.fetchprofile.copy_component', send: undefined, nested: true, pattern: false },
    { key: 'commands.fetchprofile.name.success', send: 'success', nested: false, pattern: false },
    { key: 'commands.list.players', send: 'success', nested: false, pattern: false },
    { key: 'commands.list.nameAndId', send: undefined, nested: true, pattern: false },
  ]);
});

test('a helper that returns a component, or relays its key argument to a send, is followed by name', () => {
  const scan = scanJava(
    body(`   private static int publish(CommandSourceStack source, int port) {
      source.sendSuccess(() -> getSuccessMessage(port), true);
      return showResult(source, "commands.locate.biome.success");
   }

   public static MutableComponent getSuccessMessage(int port) {
      return Component.translatable("commands.publish.started", port);
   }

   private static int showResult(CommandSourceStack source, String successMessageKey) {
      source.sendSuccess(() -> Component.translatable(successMessageKey, 1), false);
      return 1;
   }`),
  );
  const byKey = new Map(scan.uses.map((u) => [u.key, u]));
  expect(byKey.get('commands.publish.started')?.send).toBeUndefined();
  expect(byKey.get('commands.publish.started')).toMatchObject({
    via: ['getSuccessMessage'],
  });
  expect(scan.sentNames.get('getSuccessMessage')).toEqual(new Set(['success']));
  expect(byKey.get('commands.locate.biome.success')).toMatchObject({ viaCall: 'showResult' });
  expect(scan.dynamicSenders.get('showResult')).toEqual(new Set(['success']));
});

test("CFR output (26.3's tree): members at 4-space indent under its header comment are followed the same way", () => {
  const scan = scanJava(`/*
 * Decompiled with CFR 0.152.
 */
package net.minecraft.server.commands;

public class PublishCommand {
    private static int publish(CommandSourceStack source, int port) throws CommandSyntaxException {
        source.sendSuccess(() -> PublishCommand.getSuccessMessage(port), true);
        return port;
    }

    public static MutableComponent getSuccessMessage(int port) {
        MutableComponent portText = ComponentUtils.copyOnClickText(String.valueOf(port));
        return Component.translatable("commands.publish.started", portText);
    }
}
`);
  expect(scan.uses[0]).toMatchObject({ key: 'commands.publish.started', via: ['getSuccessMessage'] });
  expect(scan.sentNames.get('getSuccessMessage')).toEqual(new Set(['success']));
});

test("26.3's CommandResponseTracker: the components of CommandResponseTracker.messages are successes (sendFeedback sends them, even through a helper), its zero case thrown", () => {
  const scan = scanJava(
    body(`    private static final SimpleCommandExceptionType ERROR_NO_LIVING_ENTITY = new SimpleCommandExceptionType((Message)Component.translatable("commands.swing.failed.notliving"));
    private static final CommandResponseTracker.Messages<LivingEntity> RESPONSE_SWING = CommandResponseTracker.messages(ERROR_NO_LIVING_ENTITY, (entity, n) -> Component.translatable("commands.swing.success.single", entity.getDisplayName()), (entityCount, n) -> Component.translatable("commands.swing.success.multiple", entityCount));

    private static int swing(CommandSourceStack source, Collection<? extends Entity> targets) throws CommandSyntaxException {
        CommandResponseTracker tracker = CommandResponseTracker.create();
        return tracker.sendFeedback(source, true, RESPONSE_SWING);
    }`),
  );
  const byKey = new Map(scan.uses.map((u) => [u.key, u]));
  expect(byKey.get('commands.swing.failed.notliving')?.send).toBe('exception');
  expect(byKey.get('commands.swing.success.single')).toMatchObject({
    via: ['RESPONSE_SWING'],
    nested: false,
  });
  expect(byKey.get('commands.swing.success.multiple')).toMatchObject({
    via: ['RESPONSE_SWING'],
    nested: false,
  });
  expect(scan.sentNames.get('RESPONSE_SWING')).toEqual(new Set(['success']));
});

test('a key prefix kept in a field and completed by a method that returns Component.translatable(field) goes where that method goes', () => {
  const scan = scanJava(
    body(`    private static int queryExperience(CommandSourceStack source, ServerPlayer target, Type type) {
        source.sendSuccess(() -> type.queryResponse(target, 1), false);
        return 1;
    }

    private static enum Type {
        POINTS("points");

        public final String queryTranslationKey;

        private Type(String name) {
            this.queryTranslationKey = "commands.experience.query." + name;
        }

        public Component queryResponse(ServerPlayer target, int result) {
            return Component.translatable(this.queryTranslationKey, target.getDisplayName(), result);
        }
    }`),
  );
  expect(scan.uses).toMatchObject([
    { key: 'commands\\.experience\\.query\\.[A-Za-z0-9_.]+', pattern: true, via: ['queryResponse'] },
  ]);
  expect(scan.sentNames.get('queryResponse')).toEqual(new Set(['success']));
});

test('comments and string contents never count as keys', () => {
  expect(
    uses(`   // source.sendFailure(Component.translatable("commands.fake.one"));
   /* "commands.fake.two" */
   private static final String S = "not.a.key commands.fake.three";`),
  ).toEqual([]);
});
