@rem Gradle wrapper for Windows. The binary gradle-wrapper.jar is not committed (this repository holds no
@rem binaries): create it once with an installed Gradle, `gradle wrapper --gradle-version <the version in
@rem gradle\wrapper\gradle-wrapper.properties>`, which also rewrites this script; or use Git Bash / WSL and ./gradlew.
@echo off
set APP_HOME=%~dp0
if not exist "%APP_HOME%gradle\wrapper\gradle-wrapper.jar" (
  echo gradlew: gradle\wrapper\gradle-wrapper.jar is missing; run: gradle wrapper --gradle-version ^<version^> 1>&2
  exit /b 1
)
set JAVA_EXE=java.exe
if defined JAVA_HOME set JAVA_EXE=%JAVA_HOME%\bin\java.exe
"%JAVA_EXE%" %JAVA_OPTS% -Dorg.gradle.appname=gradlew -classpath "%APP_HOME%gradle\wrapper\gradle-wrapper.jar" org.gradle.wrapper.GradleWrapperMain %*
