export { type BackupChannel, startBackupChannel } from './channel'
export { runBackupCli } from './cli'
