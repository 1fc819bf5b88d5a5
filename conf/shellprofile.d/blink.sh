# BlinkHDFS shell profile for the Apache Hadoop 3 shell scripts.
#
# Install: copy (or link) this file into ${HADOOP_CONF_DIR}/shellprofile.d/ or
# ${HADOOP_HOME}/libexec/shellprofile.d/ and set BLINKHDFS_HOME in hadoop-env.sh, e.g.
#   export BLINKHDFS_HOME=/opt/blinkhdfs
# It then
#   * adds the BlinkHDFS jars to every hadoop/hdfs command's classpath (the NameNode needs them
#     for the placement policy and plugin; 'hdfs blinkadmin' for the admin tool): the jars in
#     ${BLINKHDFS_HOME}/lib, or, in a source checkout, the module jars under */target;
#   * adds the subcommand 'hdfs blinkadmin' (org.blinkhdfs.admin.BlinkAdmin), e.g.
#     hdfs blinkadmin -scheduler 10.0.0.5:9877 -report
# Shell API: Hadoop's UnixShellGuide ("Shell Profiles", "Dynamic Subcommands").

hadoop_add_profile blink

# Called by hadoop_finalize when the classpath is built.
function _blink_hadoop_classpath
{
  if [[ -z "${BLINKHDFS_HOME}" ]]; then
    return 0
  fi
  if [[ -d "${BLINKHDFS_HOME}/lib" ]]; then
    hadoop_add_classpath "${BLINKHDFS_HOME}/lib/*" after
  fi
  local jar
  # The NameNode's modules and what they load, and the admin tool's (blink-scheduler).
  for jar in "${BLINKHDFS_HOME}"/blink-common/target/blink-common-*.jar \
             "${BLINKHDFS_HOME}"/blink-model/target/blink-model-*.jar \
             "${BLINKHDFS_HOME}"/blink-layout/target/blink-layout-*.jar \
             "${BLINKHDFS_HOME}"/blink-control/target/blink-control-*.jar \
             "${BLINKHDFS_HOME}"/blink-daemon-kit/target/blink-daemon-kit-*.jar \
             "${BLINKHDFS_HOME}"/blink-scheduler/target/blink-scheduler-*.jar \
             "${BLINKHDFS_HOME}"/blink-hdfs-client/target/blink-hdfs-client-*.jar \
             "${BLINKHDFS_HOME}"/blink-hdfs-placement/target/blink-hdfs-placement-*.jar \
             "${BLINKHDFS_HOME}"/rabbit-placement/target/rabbit-placement-*.jar; do
    case "${jar}" in
      *-sources.jar|*-tests.jar|*-javadoc.jar) continue ;;
    esac
    if [[ -f "${jar}" ]]; then
      hadoop_add_classpath "${jar}" after
    fi
  done
}

if [[ "${HADOOP_SHELL_EXECNAME}" = hdfs ]]; then
  hadoop_add_subcommand "blinkadmin" admin "BlinkHDFS power scheduler admin (power, policy, schedule, report)"
fi

## @description  hdfs blinkadmin: the BlinkHDFS admin tool (see -help)
function hdfs_subcommand_blinkadmin
{
  if [[ -z "${BLINKHDFS_HOME}" ]]; then
    echo "hdfs blinkadmin: BLINKHDFS_HOME is not set; set it in hadoop-env.sh unless the BlinkHDFS jars are already on the Hadoop classpath" 1>&2
  fi
  # shellcheck disable=SC2034
  HADOOP_CLASSNAME=org.blinkhdfs.admin.BlinkAdmin
}
