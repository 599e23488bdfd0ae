"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// src/cli/release.ts
var release_exports = {};
__export(release_exports, {
  main: () => main
});
module.exports = __toCommonJS(release_exports);
var import_node_util = require("node:util");

// ../shared/contracts/src/entities/user.ts
var z = __toESM(require("zod"));
var userType = z.enum(["user", "featured"]);
var gender = z.enum(["male", "female", "trans"]);
var idVerificationStatus = z.enum(["pending", "in_progress", "rejected", "verified"]);
var identityCheck = z.enum(["in_progress", "verified", "retake"]);
var discoverStatus = z.enum(["featured", "hidden", "denied"]);
var notificationSettings = z.object({
  marketing: z.boolean(),
  notifications: z.boolean(),
  payments: z.boolean(),
  payouts: z.boolean()
});
var user = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  type: userType,
  gender: gender.nullable(),
  avatar_url: z.string().nullable(),
  is_customer: z.boolean(),
  id_verified: z.boolean(),
  id_verification_status: idVerificationStatus.nullable(),
  identity_check: identityCheck.nullable(),
  requires_moderation: z.boolean(),
  discover_status: discoverStatus,
  force_discover: z.boolean(),
  onboarding_v2: z.boolean(),
  code_used: z.string().nullable(),
  email_verified: z.boolean(),
  affiliate: z.boolean(),
  profile_complete_config: z.object({
    is_affiliate_profile_visited: z.boolean(),
    is_bought_credit_package: z.boolean()
  }),
  deleted_scheduled: z.boolean(),
  delete_at: z.string().nullable(),
  show_skinscore_banner: z.boolean(),
  tags: z.array(z.string()),
  has_favorites: z.boolean(),
  is_broadcasting: z.boolean(),
  unread_feeds: z.number().int(),
  invisible: z.boolean(),
  intro_enabled: z.boolean(),
  private_feed: z.boolean(),
  credits: z.number().int(),
  is_staff: z.boolean(),
  is_staff_mo: z.boolean(),
  frozen: z.boolean(),
  restricted: z.boolean(),
  last_online: z.string().nullable(),
  created_at: z.string(),
  notification_settings: notificationSettings
});

// ../shared/contracts/src/provider-config.ts
var z2 = __toESM(require("zod"));
var featureNames = [
  "broadcast",
  "exclusive_content_banner",
  "no_discover",
  "force_free_chats",
  "bank_transfer",
  "paypal_transfer",
  "paxum_transfer",
  "crypto_transfer",
  "tips",
  "usd_content",
  "credit_package_sales_commissions",
  "crypto_payment",
  "vault",
  "discover_cards"
];
var featureName = z2.enum(featureNames);
var features = z2.record(featureName, z2.boolean());
var providerConfigQuery = z2.object({ platform: z2.literal("react") });
var providerConfig = z2.object({
  is_guest: z2.boolean(),
  features,
  /** Comma-separated keyword lists checked against message text. */
  payment_keywords: z2.string(),
  global_keywords: z2.string(),
  greeting_keywords: z2.string(),
  app_keywords: z2.string()
});

// ../shared/contracts/src/errors.ts
var z3 = __toESM(require("zod"));
var errorBody = z3.object({
  message: z3.string(),
  code: z3.string().optional(),
  errors: z3.array(z3.object({ field: z3.string(), message: z3.string() })).optional()
});

// ../shared/contracts/src/client-errors.ts
var z4 = __toESM(require("zod"));
var clientErrorReport = z4.object({
  remote: z4.string().min(1).max(64),
  version: z4.string().max(128).nullable(),
  phase: z4.enum(["load", "render"]),
  message: z4.string().max(2e3)
});

// ../shared/contracts/src/registry.ts
var z5 = __toESM(require("zod"));
var remoteNames = ["chat", "discover", "account", "payouts"];
var remoteName = z5.enum(remoteNames);
var remoteVersion = z5.string().regex(/^[A-Za-z0-9._-]{1,128}$/, "a version is letters, digits, . _ -");
var publishedVersion = z5.object({
  version: remoteVersion,
  publishedAt: z5.iso.datetime(),
  /** sha256 of the build's files, so the same build is never stored twice. */
  contentHash: z5.string()
});
var registryChange = z5.object({
  at: z5.iso.datetime(),
  action: z5.enum(["publish", "rollback"]),
  from: remoteVersion.nullable(),
  to: remoteVersion
});
var registryRemote = z5.object({
  current: remoteVersion.nullable(),
  /** Every version ever stored for this remote, oldest first; their folders are never changed. */
  versions: z5.array(publishedVersion),
  /** Every move of `current`, oldest first. */
  history: z5.array(registryChange)
});
var registry = z5.object({
  schemaVersion: z5.literal(1),
  updatedAt: z5.iso.datetime().nullable(),
  remotes: z5.partialRecord(remoteName, registryRemote)
});
function emptyRegistry() {
  return { schemaVersion: 1, updatedAt: null, remotes: {} };
}

// ../shared/contracts/src/popups.ts
var z6 = __toESM(require("zod"));
var kind = (name, shape) => z6.object({ kind: z6.literal(name), id: z6.string().optional(), ...shape });
var optionalText = z6.string().max(2e3).optional();
var popupSpec = z6.discriminatedUnion("kind", [
  // account and session
  kind("email-verification", {
    flow: z6.enum(["onboarding", "action"]),
    stage: z6.enum(["enter-code", "help", "different-address", "done"]).optional(),
    email: z6.string().optional()
  }),
  kind("account-verified", {}),
  kind("crypto-top-up", {
    amount: z6.number(),
    currency: z6.string(),
    credits: z6.number(),
    fee: z6.number().optional()
  }),
  kind("payout-completed", { amount: z6.number().optional() }),
  kind("account-termination", { message: optionalText }),
  kind("account-terminated", { message: optionalText }),
  kind("messaging-disabled", { message: optionalText }),
  kind("payment-user-warning", { message: optionalText }),
  kind("global-warning", { title: optionalText, message: z6.string().max(2e3) }),
  kind("onboarding-greeting", { username: z6.string().optional() }),
  kind("essential-info", {}),
  kind("select-gender", {}),
  kind("add-invite-code", {}),
  kind("account-frozen", { message: optionalText }),
  kind("not-enough-credits", { message: optionalText }),
  kind("unlock-free-chat", { title: optionalText, message: optionalText, backTo: z6.string().optional() }),
  // chat, discovery and media
  kind("confirm-delete-media", { target: z6.enum(["image", "card"]) }),
  kind("confirm-delete-chats", { count: z6.number().int().positive() }),
  kind("confirm-hide-chats", { count: z6.number().int().positive() }),
  kind("boost-referral", { referralLink: z6.string().optional() }),
  kind("error", { title: optionalText, message: z6.string().max(2e3) }),
  kind("upload-in-progress", {}),
  kind("sending-media-blocked", { message: optionalText }),
  kind("upload-error", { message: optionalText }),
  kind("generic", {
    image: z6.string().optional(),
    emoji: z6.string().max(16).optional(),
    sentence: z6.string().max(2e3),
    confirmLabel: z6.string().max(60).optional(),
    children: z6.custom().optional()
  })
]);

// src/release/releases.ts
var import_promises6 = require("node:fs/promises");
var import_node_os = require("node:os");
var import_node_path7 = require("node:path");
var import_node_crypto2 = require("node:crypto");

// src/release/audit.ts
var import_promises = require("node:fs/promises");
var import_node_path = require("node:path");
async function appendAudit(file, entry) {
  await (0, import_promises.mkdir)((0, import_node_path.dirname)(file), { recursive: true });
  await (0, import_promises.appendFile)(file, `${JSON.stringify(entry)}
`);
}

// src/release/build-remote.ts
var import_node_child_process = require("node:child_process");
var import_node_fs = require("node:fs");
var import_node_path2 = require("node:path");
var BuildError = class extends Error {
  name = "BuildError";
};
function pnpmSpec(repoRoot) {
  const pkg = JSON.parse((0, import_node_fs.readFileSync)((0, import_node_path2.join)(repoRoot, "package.json"), "utf8"));
  return pkg.packageManager?.startsWith("pnpm@") ? pkg.packageManager : "pnpm@10.34.9";
}
function buildRemote(repoRoot, remote, outDir) {
  return new Promise((resolve2, reject) => {
    const child = (0, import_node_child_process.spawn)("npx", ["--yes", pnpmSpec(repoRoot), "--filter", `@cove/${remote}`, "build"], {
      cwd: repoRoot,
      env: { ...process.env, COVE_DIST_DIR: outDir },
      // The build's own output goes to stderr so that stdout stays the CLI's answer.
      stdio: ["ignore", process.stderr, process.stderr]
    });
    child.on("error", (err) => reject(new BuildError(`Could not start the build: ${err.message}`)));
    child.on(
      "exit",
      (code) => code === 0 ? resolve2() : reject(new BuildError(`The ${remote} build failed (exit code ${code}).`))
    );
  });
}

// src/release/semver.ts
function parse(version) {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}
function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
function partial(text) {
  const pieces = text.replace(/^v/, "").split(".");
  const nums = [];
  for (const p of pieces) {
    if (p === "x" || p === "X" || p === "*") break;
    if (!/^\d+$/.test(p)) return null;
    nums.push(Number(p));
  }
  return { low: [nums[0] ?? 0, nums[1] ?? 0, nums[2] ?? 0], parts: nums.length };
}
function upperOf(low, parts) {
  if (parts === 0) return null;
  if (parts === 1) return [low[0] + 1, 0, 0];
  if (parts === 2) return [low[0], low[1] + 1, 0];
  return null;
}
function satisfiesComparator(v, comparator) {
  const m = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(comparator);
  if (!m) return false;
  const op = m[1] ?? "";
  const target = partial(m[2]);
  if (!target) return false;
  const { low, parts } = target;
  switch (op) {
    case "^": {
      const upper = low[0] > 0 || parts <= 1 ? [low[0] + 1, 0, 0] : low[1] > 0 || parts <= 2 ? [0, low[1] + 1, 0] : [0, 0, low[2] + 1];
      return compare(v, low) >= 0 && compare(v, upper) < 0;
    }
    case "~": {
      const upper = parts <= 1 ? [low[0] + 1, 0, 0] : [low[0], low[1] + 1, 0];
      return compare(v, low) >= 0 && compare(v, upper) < 0;
    }
    case ">=":
      return compare(v, low) >= 0;
    case ">":
      return compare(v, low) > 0;
    case "<=":
      return compare(v, low) <= 0;
    case "<":
      return compare(v, low) < 0;
    default: {
      const upper = upperOf(low, parts);
      if (parts === 0) return true;
      return upper ? compare(v, low) >= 0 && compare(v, upper) < 0 : compare(v, low) === 0;
    }
  }
}
function satisfies(version, range) {
  const v = parse(version);
  if (!v) return false;
  return range.split("||").some((alt) => {
    const comparators = alt.trim().replace(/(\^|~|>=|<=|>|<|=)\s+/g, "$1").split(/\s+/).filter(Boolean);
    return comparators.length === 0 || comparators.every((c) => satisfiesComparator(v, c));
  });
}

// src/release/compat.ts
function packageOf(name) {
  const parts = name.split("/");
  return name.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}
function sharedProblems(shell, remote) {
  const byName = new Map(shell.map((s) => [s.name, s]));
  const problems = [];
  for (const dep of remote) {
    const provided = byName.get(dep.name) ?? byName.get(packageOf(dep.name));
    if (!provided) {
      problems.push(`${dep.name}: the shell does not share it, so the remote would run a second copy`);
      continue;
    }
    if (provided.singleton && !dep.singleton) {
      problems.push(`${dep.name}: the shell shares it as a singleton but the remote does not`);
    }
    const range = dep.requiredVersion;
    if (range && range !== "*" && !satisfies(provided.version, range)) {
      problems.push(`${dep.name}: the remote needs ${range}, the shell provides ${provided.version}`);
    }
  }
  return problems;
}

// src/release/content.ts
var import_node_crypto = require("node:crypto");
var import_promises2 = require("node:fs/promises");
var import_node_path3 = require("node:path");
var ignored = /* @__PURE__ */ new Set([".cove-build-stamp"]);
async function listFiles(dir, root = dir) {
  const entries = await (0, import_promises2.readdir)(dir, { withFileTypes: true });
  const files = [];
  for (const e of entries) {
    if (ignored.has(e.name)) continue;
    const path = (0, import_node_path3.join)(dir, e.name);
    if (e.isDirectory()) files.push(...await listFiles(path, root));
    else if (e.isFile()) files.push((0, import_node_path3.relative)(root, path));
  }
  return files.sort();
}
async function contentHash(dir) {
  const hash = (0, import_node_crypto.createHash)("sha256");
  for (const file of await listFiles(dir)) {
    hash.update(file);
    hash.update("\0");
    hash.update(await (0, import_promises2.readFile)((0, import_node_path3.join)(dir, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}
function versionName(now, hash) {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return `${stamp}-${hash.slice(0, 8)}`;
}

// src/release/lock.ts
var import_promises3 = require("node:fs/promises");
var LockTimeoutError = class extends Error {
  name = "LockTimeoutError";
};
function ownerAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}
async function staleText(lockFile, staleMs) {
  try {
    const [info, text] = await Promise.all([(0, import_promises3.stat)(lockFile), (0, import_promises3.readFile)(lockFile, "utf8")]);
    const pid = Number(text.split("\n")[0]);
    if (Number.isInteger(pid) && pid > 0 && !ownerAlive(pid)) return text;
    return Date.now() - info.mtimeMs > staleMs ? text : null;
  } catch {
    return null;
  }
}
async function takeOver(lockFile, judged) {
  const aside = `${lockFile}.${process.pid}.${Date.now()}`;
  try {
    await (0, import_promises3.rename)(lockFile, aside);
  } catch {
    return;
  }
  const moved = await (0, import_promises3.readFile)(aside, "utf8").catch(() => "");
  if (moved === judged) await (0, import_promises3.rm)(aside, { force: true });
  else await (0, import_promises3.rename)(aside, lockFile).catch(() => (0, import_promises3.rm)(aside, { force: true }));
}
async function withFileLock(lockFile, fn, opts = {}) {
  const { timeoutMs = 3e4, staleMs = 12e4, pollMs = 50 } = opts;
  const deadline = Date.now() + timeoutMs;
  for (; ; ) {
    try {
      const handle = await (0, import_promises3.open)(lockFile, "wx");
      try {
        await handle.writeFile(`${process.pid}
${(/* @__PURE__ */ new Date()).toISOString()}
`);
      } finally {
        await handle.close();
      }
      break;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
      const stale = await staleText(lockFile, staleMs);
      if (stale !== null) {
        await takeOver(lockFile, stale);
        continue;
      }
      if (Date.now() > deadline)
        throw new LockTimeoutError(`Another release holds ${lockFile}; try again shortly.`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }
  try {
    return await fn();
  } finally {
    await (0, import_promises3.rm)(lockFile, { force: true });
  }
}

// src/release/manifest.ts
var import_promises4 = require("node:fs/promises");
var import_node_path4 = require("node:path");
var z7 = __toESM(require("zod"));
var sharedEntry = z7.object({
  name: z7.string(),
  version: z7.string(),
  requiredVersion: z7.string().optional(),
  singleton: z7.boolean().optional()
});
var manifestSchema = z7.object({
  name: z7.string(),
  metaData: z7.object({ remoteEntry: z7.object({ name: z7.string(), path: z7.string() }) }),
  shared: z7.array(sharedEntry),
  exposes: z7.array(z7.object({ path: z7.string() }))
});
var ManifestError = class extends Error {
  name = "ManifestError";
};
async function readManifest(file) {
  let text;
  try {
    text = await (0, import_promises4.readFile)(file, "utf8");
  } catch {
    throw new ManifestError(`No manifest at ${file}.`);
  }
  let parsed;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new ManifestError(`${file} is not valid JSON.`);
  }
  if (!parsed.success) throw new ManifestError(`${file} is not a Module Federation manifest.`);
  return parsed.data;
}
async function readRemoteManifest(dir, container) {
  const manifest = await readManifest((0, import_node_path4.join)(dir, "mf-manifest.json"));
  if (manifest.name !== container) {
    throw new ManifestError(`The manifest names container "${manifest.name}", expected "${container}".`);
  }
  if (!manifest.exposes.some((e) => e.path === "./App")) {
    throw new ManifestError(`${container} does not expose ./App.`);
  }
  const entry = (0, import_node_path4.join)(dir, manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name);
  try {
    await (0, import_promises4.readFile)(entry);
  } catch {
    throw new ManifestError(`The manifest's remote entry ${manifest.metaData.remoteEntry.name} is missing.`);
  }
  return manifest;
}

// src/release/paths.ts
var import_node_fs2 = require("node:fs");
var import_node_path5 = require("node:path");
function findRepoRoot(from = process.cwd()) {
  let dir = (0, import_node_path5.resolve)(from);
  for (; ; ) {
    if ((0, import_node_fs2.existsSync)((0, import_node_path5.join)(dir, "pnpm-workspace.yaml"))) return dir;
    const parent = (0, import_node_path5.dirname)(dir);
    if (parent === dir) throw new Error(`No workspace root (pnpm-workspace.yaml) above ${from}`);
    dir = parent;
  }
}
function resolveDataDir(repoRoot, value = process.env.DATA_DIR) {
  const dir = value && value.length > 0 ? value : "./.data";
  return (0, import_node_path5.isAbsolute)(dir) ? dir : (0, import_node_path5.resolve)(repoRoot, dir);
}
function releasePaths(dataDir, repoRoot) {
  const mfDir = (0, import_node_path5.join)(dataDir, "mf");
  return {
    repoRoot,
    dataDir,
    mfDir,
    registryFile: (0, import_node_path5.join)(mfDir, "registry.json"),
    auditFile: (0, import_node_path5.join)(mfDir, "audit.log"),
    lockFile: (0, import_node_path5.join)(mfDir, ".registry.lock"),
    // Inside mf/ so that moving a finished build into place is a rename on the same disk.
    stagingDir: (0, import_node_path5.join)(mfDir, ".staging"),
    versionDir: (remote, version) => (0, import_node_path5.join)(mfDir, remote, version),
    remoteDist: (remote) => (0, import_node_path5.join)(repoRoot, "remotes", remote, "dist"),
    shellManifest: (0, import_node_path5.join)(repoRoot, "shell", "dist", "mf-manifest.json")
  };
}

// src/release/registry-store.ts
var import_promises5 = require("node:fs/promises");
var import_node_path6 = require("node:path");
var RegistryFileError = class extends Error {
  name = "RegistryFileError";
};
async function readRegistry(file) {
  let text;
  try {
    text = await (0, import_promises5.readFile)(file, "utf8");
  } catch (err) {
    if (err.code === "ENOENT") return emptyRegistry();
    throw err;
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RegistryFileError(`${file} is not valid JSON; fix or restore it before releasing.`);
  }
  const parsed = registry.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new RegistryFileError(`${file} does not match the registry schema (${issues}).`);
  }
  return parsed.data;
}
async function writeRegistry(file, doc) {
  const valid = registry.parse(doc);
  await (0, import_promises5.mkdir)((0, import_node_path6.dirname)(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await (0, import_promises5.writeFile)(tmp, `${JSON.stringify(valid, null, 2)}
`);
  await (0, import_promises5.rename)(tmp, file);
}

// src/release/releases.ts
var ReleaseError = class extends Error {
  name = "ReleaseError";
};
var containerOf = (remote) => `cove_${remote}`;
function actor() {
  try {
    return (0, import_node_os.userInfo)().username;
  } catch {
    return "unknown";
  }
}
function entryOf(reg, remote) {
  return reg.remotes[remote] ?? { current: null, versions: [], history: [] };
}
async function checkBuild(paths, remote, dir) {
  const manifest = await readRemoteManifest(dir, containerOf(remote)).catch((err) => {
    throw new ReleaseError(`${remote}: ${err.message}`);
  });
  const shell = await readManifest(paths.shellManifest).catch(() => {
    throw new ReleaseError(
      `The shell's manifest (${paths.shellManifest}) is missing: build the shell first.`
    );
  });
  const problems = sharedProblems(shell.shared, manifest.shared);
  if (problems.length > 0) {
    throw new ReleaseError(
      `${remote} does not fit the shell's shared singletons:
  - ${problems.join("\n  - ")}`
    );
  }
}
async function pointTo(ctx, paths, remote, action, change) {
  const now = ctx.now ?? (() => /* @__PURE__ */ new Date());
  return withFileLock(paths.lockFile, async () => {
    const reg = await readRegistry(paths.registryFile);
    const entry = entryOf(reg, remote);
    const { to, added } = change(entry);
    const from = entry.current;
    const versions = added && !entry.versions.some((v) => v.version === added.version) ? [...entry.versions, added] : entry.versions;
    if (from === to && versions === entry.versions) return { remote, from, to, changed: false };
    const at = now().toISOString();
    const next = {
      ...reg,
      updatedAt: at,
      remotes: {
        ...reg.remotes,
        [remote]: {
          current: to,
          versions,
          history: from === to ? entry.history : [...entry.history, { at, action, from, to }]
        }
      }
    };
    await writeRegistry(paths.registryFile, next);
    if (from !== to) await appendAudit(paths.auditFile, { at, action, remote, from, to, by: actor() });
    return { remote, from, to, changed: from !== to };
  });
}
async function publishFromDir(ctx, remote, dir) {
  const paths = releasePaths(ctx.dataDir, ctx.repoRoot);
  await checkBuild(paths, remote, dir);
  const hash = await contentHash(dir);
  const known = entryOf(await readRegistry(paths.registryFile), remote).versions.find(
    (v) => v.contentHash === hash
  );
  let version = known?.version;
  const publishedAt = (ctx.now ?? (() => /* @__PURE__ */ new Date()))();
  if (!version) {
    version = versionName(publishedAt, hash);
    const target = paths.versionDir(remote, version);
    if (!await (0, import_promises6.stat)(target).catch(() => null)) {
      const tmp = (0, import_node_path7.join)(paths.stagingDir, `copy-${(0, import_node_crypto2.randomUUID)()}`);
      await (0, import_promises6.cp)(dir, tmp, { recursive: true, filter: (src) => !src.endsWith(".cove-build-stamp") });
      await (0, import_promises6.mkdir)((0, import_node_path7.join)(paths.mfDir, remote), { recursive: true });
      await (0, import_promises6.rename)(tmp, target);
    }
  }
  const to = version;
  const added = { version: to, publishedAt: publishedAt.toISOString(), contentHash: hash };
  return pointTo(ctx, paths, remote, "publish", () => ({ to, added }));
}
async function publish(ctx, remote, opts = {}) {
  const paths = releasePaths(ctx.dataDir, ctx.repoRoot);
  if (opts.build === false) return publishFromDir(ctx, remote, paths.remoteDist(remote));
  const out = (0, import_node_path7.join)(paths.stagingDir, `build-${remote}-${(0, import_node_crypto2.randomUUID)()}`);
  await (0, import_promises6.mkdir)(paths.stagingDir, { recursive: true });
  try {
    ctx.log?.(`Building ${remote}\u2026`);
    await buildRemote(ctx.repoRoot, remote, out);
    return await publishFromDir(ctx, remote, out);
  } finally {
    await (0, import_promises6.rm)(out, { recursive: true, force: true });
  }
}
async function rollback(ctx, remote, to) {
  const paths = releasePaths(ctx.dataDir, ctx.repoRoot);
  const entry = entryOf(await readRegistry(paths.registryFile), remote);
  if (!entry.current) throw new ReleaseError(`${remote} has never been released.`);
  let target = to;
  if (!target) {
    const index = entry.versions.findIndex((v) => v.version === entry.current);
    target = index > 0 ? entry.versions[index - 1]?.version : void 0;
    if (!target) throw new ReleaseError(`${remote} has no version older than ${entry.current}.`);
  }
  if (!entry.versions.some((v) => v.version === target)) {
    throw new ReleaseError(`${remote} has no stored version ${target}. Run "release status" to list them.`);
  }
  await checkBuild(paths, remote, paths.versionDir(remote, target));
  const chosen = target;
  return pointTo(ctx, paths, remote, "rollback", (latest) => {
    if (!latest.versions.some((v) => v.version === chosen))
      throw new ReleaseError(`${remote}@${chosen} vanished.`);
    return { to: chosen };
  });
}
async function status(ctx) {
  const paths = releasePaths(ctx.dataDir, ctx.repoRoot);
  const reg = await readRegistry(paths.registryFile);
  return remoteNames.map((remote) => {
    const entry = entryOf(reg, remote);
    return {
      remote,
      current: entry.current,
      publishedAt: entry.versions.find((v) => v.version === entry.current)?.publishedAt ?? null,
      versions: entry.versions.map((v) => v.version),
      lastChange: entry.history[entry.history.length - 1] ?? null
    };
  });
}

// src/cli/release.ts
var usage = `Usage: npm run release -- <command> [options]

Commands:
  status                            each remote's current version and history
  publish <remote> [--no-build]     build the remote, store it as a new version, point the registry at it
  rollback <remote> [--to <version>] point the registry back at a stored version (default: the previous one)

Remotes: chat, discover, account, payouts
Options:
  --data-dir <dir>   the server's data folder (default: DATA_DIR, else ./.data at the workspace root)
  --json             print the answer as JSON
`;
var consoleIo = {
  out: (l) => process.stdout.write(`${l}
`),
  err: (l) => process.stderr.write(`${l}
`)
};
function remoteArg(value) {
  const parsed = remoteName.safeParse(value);
  if (!parsed.success) throw new UsageError(`Unknown remote "${value ?? ""}".`);
  return parsed.data;
}
var UsageError = class extends Error {
};
function describe(r) {
  if (!r.changed) return `${r.remote} already runs ${r.to}; nothing changed.`;
  return `${r.remote}: ${r.from ?? "(none)"} -> ${r.to}`;
}
async function main(argv, io = consoleIo) {
  let parsed;
  try {
    parsed = (0, import_node_util.parseArgs)({
      args: argv,
      allowPositionals: true,
      options: {
        "data-dir": { type: "string" },
        to: { type: "string" },
        "no-build": { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false }
      }
    });
  } catch (err) {
    io.err(`${err.message}

${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, target] = positionals;
  if (values.help || !command) {
    (values.help ? io.out : io.err)(usage);
    return values.help ? 0 : 2;
  }
  const repoRoot = findRepoRoot();
  const ctx = {
    repoRoot,
    dataDir: resolveDataDir(repoRoot, values["data-dir"] ?? process.env.DATA_DIR),
    log: io.err
  };
  const print = (value, text) => io.out(values.json ? JSON.stringify(value, null, 2) : text);
  try {
    switch (command) {
      case "status": {
        const rows = await status(ctx);
        const text = rows.map((r) => {
          const last = r.lastChange ? `  last: ${r.lastChange.action} at ${r.lastChange.at}` : "";
          const older = r.versions.filter((v) => v !== r.current);
          return `${r.remote.padEnd(9)} ${r.current ?? "(not released)"}${last}${older.length ? `
          stored: ${older.join(", ")}` : ""}`;
        }).join("\n");
        print(rows, `Registry: ${ctx.dataDir}/mf/registry.json
${text}`);
        return 0;
      }
      case "publish": {
        const result = await publish(ctx, remoteArg(target), { build: !values["no-build"] });
        print(result, describe(result));
        return 0;
      }
      case "rollback": {
        const result = await rollback(ctx, remoteArg(target), values.to);
        print(result, describe(result));
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}

${usage}`);
      return 2;
    }
    io.err(`release ${command} failed: ${err.message}`);
    return 1;
  }
}
if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      console.error(err);
      process.exitCode = 1;
    }
  );
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  main
});
