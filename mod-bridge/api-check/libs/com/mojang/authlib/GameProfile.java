// API-check stub: signatures only, no behaviour. Never compiled into the mod (Loom puts the real library on
// the classpath). Checked against the parameter type Fabric API's ClientReceiveMessageEvents.AllowChat declares (authlib; no member is used).
package com.mojang.authlib;

public class GameProfile {}
