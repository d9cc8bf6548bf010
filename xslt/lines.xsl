<?xml version="1.0" encoding="UTF-8"?>
<!-- Shared by the line views (tagged, masked, plain): one output line per <mrk mtype="seg"> of every
     translatable trans-unit, taken from <seg-source> (side='source') or <target> (side='target').
     Each view supplies the templates of mode "seg" that render a segment's content. -->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:x="urn:oasis:names:tc:xliff:document:1.2">

  <xsl:param name="side" select="'source'"/>

  <xsl:template match="/">
    <xsl:variable name="container">
      <xsl:choose>
        <xsl:when test="$side = 'target'">target</xsl:when>
        <xsl:otherwise>seg-source</xsl:otherwise>
      </xsl:choose>
    </xsl:variable>
    <xsl:for-each select="//x:trans-unit[not(@translate = 'no')]/x:*[local-name() = $container]/x:mrk[@mtype = 'seg']">
      <xsl:apply-templates mode="seg"/>
      <xsl:text>&#10;</xsl:text>
    </xsl:for-each>
  </xsl:template>

  <!-- Upstream keeps only text nodes with non-whitespace content (whitespace between two tags is
       dropped) and removes newlines inside them. -->
  <xsl:template mode="seg" match="text()"/>
  <xsl:template mode="seg" match="text()[normalize-space()]">
    <xsl:value-of select="translate(., '&#10;', '')"/>
  </xsl:template>

  <!-- Marks other than the ones a view handles (e.g. SDL location marks) are transparent. -->
  <xsl:template mode="seg" match="*">
    <xsl:apply-templates mode="seg"/>
  </xsl:template>
</xsl:stylesheet>
